ALTER TABLE "products" ADD COLUMN "venue_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "venue_address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "venue_map_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_venue_named" CHECK ("products"."venue_name" IS NOT NULL OR ("products"."venue_address" IS NULL AND "products"."venue_map_url" IS NULL));