CREATE TABLE "cfdi_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"related_document_id" uuid,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"refund_id" uuid,
	"amount_centavos" integer,
	"rfc" text NOT NULL,
	"razon_social" text NOT NULL,
	"regimen_fiscal" text NOT NULL,
	"uso_cfdi" text NOT NULL,
	"codigo_postal" text NOT NULL,
	"status" "invoice_status" DEFAULT 'solicitada' NOT NULL,
	"pending_action" text,
	"cancel_motive" text,
	"cancellation_status" text,
	"cancellation_requested_at" timestamp with time zone,
	"provider_id" text,
	"folio_fiscal" text,
	"xml_key" text,
	"pdf_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stamped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cfdi_documents_kind" CHECK ("cfdi_documents"."kind" IN ('I', 'E')),
	CONSTRAINT "cfdi_documents_kind_fields" CHECK (("cfdi_documents"."kind" = 'I' AND "cfdi_documents"."related_document_id" IS NULL AND "cfdi_documents"."amount_centavos" IS NULL AND "cfdi_documents"."refund_id" IS NULL) OR ("cfdi_documents"."kind" = 'E' AND "cfdi_documents"."related_document_id" IS NOT NULL AND "cfdi_documents"."amount_centavos" > 0)),
	CONSTRAINT "cfdi_documents_pending_action" CHECK ("cfdi_documents"."pending_action" IS NULL OR "cfdi_documents"."pending_action" = 'stamp' OR ("cfdi_documents"."pending_action" = 'cancel' AND "cfdi_documents"."kind" = 'I')),
	CONSTRAINT "cfdi_documents_cancellation_status" CHECK ("cfdi_documents"."cancellation_status" IS NULL OR "cfdi_documents"."cancellation_status" IN ('pendiente', 'aceptada', 'rechazada', 'vencida'))
);
--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_related_document_id_cfdi_documents_id_fk" FOREIGN KEY ("related_document_id") REFERENCES "public"."cfdi_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_documents_invoice_of_order_idx" ON "cfdi_documents" USING btree ("order_id") WHERE "cfdi_documents"."kind" = 'I';--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_documents_refund_idx" ON "cfdi_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "cfdi_documents_related_idx" ON "cfdi_documents" USING btree ("related_document_id");--> statement-breakpoint
CREATE INDEX "cfdi_documents_user_idx" ON "cfdi_documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cfdi_documents_status_requested_idx" ON "cfdi_documents" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "cfdi_documents_due_idx" ON "cfdi_documents" USING btree ("next_attempt_at") WHERE "cfdi_documents"."pending_action" IS NOT NULL;--> statement-breakpoint
-- The invoices and credit notes a store already has become documents with the same ids (the
-- provider's idempotency keys and the e-mails' dedupe keys stay valid); a credit note keeps
-- its link to the invoice it corrects and takes that invoice's receiver and buyer.
INSERT INTO "cfdi_documents" ("id", "kind", "related_document_id", "order_id", "user_id", "refund_id", "amount_centavos", "rfc", "razon_social", "regimen_fiscal", "uso_cfdi", "codigo_postal", "status", "pending_action", "cancel_motive", "cancellation_status", "cancellation_requested_at", "provider_id", "folio_fiscal", "xml_key", "pdf_key", "attempts", "next_attempt_at", "last_error", "requested_at", "stamped_at", "cancelled_at", "updated_at")
SELECT "id", 'I', NULL, "order_id", "user_id", NULL, NULL, "rfc", "razon_social", "regimen_fiscal", "uso_cfdi", "codigo_postal", "status", "pending_action", "cancel_motive", "cancellation_status", "cancellation_requested_at", "provider_id", "folio_fiscal", "xml_key", "pdf_key", "attempts", "next_attempt_at", "last_error", "requested_at", "stamped_at", "cancelled_at", "updated_at"
FROM "invoices";
--> statement-breakpoint
INSERT INTO "cfdi_documents" ("id", "kind", "related_document_id", "order_id", "user_id", "refund_id", "amount_centavos", "rfc", "razon_social", "regimen_fiscal", "uso_cfdi", "codigo_postal", "status", "pending_action", "provider_id", "folio_fiscal", "xml_key", "pdf_key", "attempts", "next_attempt_at", "last_error", "requested_at", "stamped_at", "updated_at")
SELECT n."id", 'E', n."invoice_id", n."order_id", i."user_id", n."refund_id", n."amount_centavos", i."rfc", i."razon_social", i."regimen_fiscal", i."uso_cfdi", i."codigo_postal", n."status", n."pending_action", n."provider_id", n."folio_fiscal", n."xml_key", n."pdf_key", n."attempts", n."next_attempt_at", n."last_error", n."created_at", n."stamped_at", n."updated_at"
FROM "credit_notes" n JOIN "invoices" i ON i."id" = n."invoice_id";
