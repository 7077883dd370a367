-- An order's attempt at a payment provider moves from four provider columns of "orders" to
-- its own row (order, provider, the provider's id of the attempt and of the money taken,
-- status, data): a new way to pay adds a provider, not columns. Every order that reached a
-- provider gets its row: the PayPal order (or, for a row with only a capture, the capture) or
-- the Stripe session as external_id, PayPal's capture as capture_id, PayPal's payer id in
-- data; 'cobrado' when money was taken, 'abierto' while pending, 'cerrado' otherwise. Orders
-- paid with no provider (cash, free) have none.
CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" "payment_method" NOT NULL,
	"external_id" text NOT NULL,
	"capture_id" text,
	"status" text DEFAULT 'abierto' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "order_payments" ("order_id", "provider", "external_id", "capture_id", "status", "data", "created_at", "updated_at")
SELECT o."id", m."provider", m."external_id", m."capture_id",
  CASE
    WHEN m."capture_id" IS NOT NULL OR (m."provider" = 'stripe' AND o."payment") THEN 'cobrado'
    WHEN o."status" = 'pendiente' THEN 'abierto'
    ELSE 'cerrado'
  END,
  CASE WHEN m."provider" = 'paypal' AND o."paypal_payer_id" IS NOT NULL
    THEN jsonb_build_object('payerId', o."paypal_payer_id") ELSE '{}'::jsonb END,
  o."created_at", o."updated_at"
FROM "orders" o
CROSS JOIN LATERAL (
  SELECT
    CASE WHEN o."stripe_session_id" IS NOT NULL
           AND (o."payment_method" = 'stripe' OR (o."paypal_order_id" IS NULL AND o."paypal_capture_id" IS NULL))
      THEN 'stripe'::"payment_method" ELSE 'paypal'::"payment_method" END AS "provider"
) p
CROSS JOIN LATERAL (
  SELECT p."provider",
    CASE WHEN p."provider" = 'stripe' THEN o."stripe_session_id"
      ELSE COALESCE(o."paypal_order_id", o."paypal_capture_id") END AS "external_id",
    CASE WHEN p."provider" = 'paypal' THEN o."paypal_capture_id" END AS "capture_id"
) m
WHERE o."paypal_order_id" IS NOT NULL OR o."paypal_capture_id" IS NOT NULL OR o."stripe_session_id" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "orders_paypal_order_idx";--> statement-breakpoint
DROP INDEX "orders_paypal_capture_idx";--> statement-breakpoint
DROP INDEX "orders_stripe_session_idx";--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_external_idx" ON "order_payments" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_capture_idx" ON "order_payments" USING btree ("provider","capture_id");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paypal_order_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paypal_payer_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "paypal_capture_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "stripe_session_id";