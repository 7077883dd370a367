DROP TABLE "credit_notes" CASCADE;--> statement-breakpoint
DROP TABLE "invoices" CASCADE;