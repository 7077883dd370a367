CREATE TYPE "public"."sale_mode" AS ENUM('por_dia', 'completo');--> statement-breakpoint
CREATE TABLE "price_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_type" "user_type" NOT NULL,
	"until_at" timestamp with time zone,
	"price_centavos" integer NOT NULL,
	"scholarship_price_centavos" integer,
	CONSTRAINT "price_tiers_prices_nonneg" CHECK ("price_tiers"."price_centavos" >= 0 AND ("price_tiers"."scholarship_price_centavos" IS NULL OR "price_tiers"."scholarship_price_centavos" >= 0))
);
--> statement-breakpoint
CREATE TABLE "scholarships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid,
	"granted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_mode" "sale_mode" DEFAULT 'por_dia' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "requires_product_id" uuid;--> statement-breakpoint
ALTER TABLE "price_tiers" ADD CONSTRAINT "price_tiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_tiers_step_idx" ON "price_tiers" USING btree ("product_id","user_type",coalesce("until_at", 'infinity'::timestamptz));--> statement-breakpoint
CREATE UNIQUE INDEX "scholarships_user_product_idx" ON "scholarships" USING btree ("user_id",coalesce("product_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_requires_product_id_products_id_fk" FOREIGN KEY ("requires_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_not_own_prerequisite" CHECK ("products"."requires_product_id" IS NULL OR "products"."requires_product_id" <> "products"."id");