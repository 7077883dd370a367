DROP INDEX "order_days_order_day_idx";--> statement-breakpoint
ALTER TABLE "order_days" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_days" ADD COLUMN "place" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_days" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "order_day_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'individual' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "institutional_price_centavos" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "order_days_order_day_idx" ON "order_days" USING btree ("order_id","product_day_id","place");