CREATE TYPE "public"."waitlist_status" AS ENUM('esperando', 'ofrecido', 'reclamado', 'expirado', 'retirado');--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_day_id" uuid NOT NULL,
	"status" "waitlist_status" DEFAULT 'esperando' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"claim_token_hash" text,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_product_day_id_product_days_id_fk" FOREIGN KEY ("product_day_id") REFERENCES "public"."product_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_active_idx" ON "waitlist_entries" USING btree ("user_id","product_day_id") WHERE "waitlist_entries"."status" IN ('esperando', 'ofrecido');--> statement-breakpoint
CREATE INDEX "waitlist_entries_day_status_idx" ON "waitlist_entries" USING btree ("product_day_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_token_idx" ON "waitlist_entries" USING btree ("claim_token_hash");
