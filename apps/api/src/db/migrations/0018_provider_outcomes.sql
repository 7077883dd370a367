ALTER TABLE "invoices" ADD COLUMN "cancellation_status" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancellation_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancellation_status" CHECK ("invoices"."cancellation_status" IS NULL OR "invoices"."cancellation_status" IN ('pendiente', 'aceptada', 'rechazada', 'vencida'));