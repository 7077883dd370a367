ALTER TYPE "public"."payment_method" ADD VALUE 'oxxo';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'spei';--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" text PRIMARY KEY DEFAULT 'store' NOT NULL,
	"card_enabled" boolean DEFAULT false NOT NULL,
	"msi_enabled" boolean DEFAULT false NOT NULL,
	"oxxo_enabled" boolean DEFAULT false NOT NULL,
	"oxxo_expires_after_days" integer DEFAULT 3 NOT NULL,
	"spei_enabled" boolean DEFAULT false NOT NULL,
	"spei_hold_days" integer DEFAULT 3 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_one_row" CHECK ("payment_settings"."id" = 'store'),
	CONSTRAINT "payment_settings_oxxo_days" CHECK ("payment_settings"."oxxo_expires_after_days" between 1 and 7),
	CONSTRAINT "payment_settings_spei_days" CHECK ("payment_settings"."spei_hold_days" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "cfdi_documents" DROP CONSTRAINT "cfdi_documents_kind";--> statement-breakpoint
ALTER TABLE "cfdi_documents" DROP CONSTRAINT "cfdi_documents_kind_fields";--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD COLUMN "payment_plan" text DEFAULT 'PUE' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_documents_complement_idx" ON "cfdi_documents" USING btree ("related_document_id") WHERE "cfdi_documents"."kind" = 'pago';--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_kind" CHECK ("cfdi_documents"."kind" IN ('I', 'E', 'pago'));--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_kind_fields" CHECK (("cfdi_documents"."kind" = 'I' AND "cfdi_documents"."related_document_id" IS NULL AND "cfdi_documents"."amount_centavos" IS NULL AND "cfdi_documents"."refund_id" IS NULL) OR ("cfdi_documents"."kind" = 'E' AND "cfdi_documents"."related_document_id" IS NOT NULL AND "cfdi_documents"."amount_centavos" > 0) OR ("cfdi_documents"."kind" = 'pago' AND "cfdi_documents"."related_document_id" IS NOT NULL AND "cfdi_documents"."amount_centavos" > 0 AND "cfdi_documents"."refund_id" IS NULL));--> statement-breakpoint
-- Mis Productos shows a payment's voucher, transfer data and card plan (order_payments.data):
-- a change of it tells the order's owner's snapshots to rebuild, as a change of the order does.
CREATE OR REPLACE FUNCTION "notify_orders_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM "notify_orders_user"((SELECT "user_id" FROM "orders" WHERE "id" = NEW."order_id"));
  ELSE
    PERFORM "notify_orders_user"((SELECT "user_id" FROM "orders" WHERE "id" = OLD."order_id"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_payments_notify" AFTER INSERT OR UPDATE OR DELETE ON "order_payments"
  FOR EACH ROW EXECUTE FUNCTION "notify_orders_payment"();
