ALTER TABLE "coupons" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Databases seeded before these flags: mark what the demo seed wrote. Only the seed uses the
-- bundled /covers/ images and these exact coupon and customer values.
UPDATE "products" SET "is_demo" = true WHERE "images"[1] LIKE '/covers/%';--> statement-breakpoint
UPDATE "coupons" SET "is_demo" = true WHERE "code" = 'GRATIS100' AND "description" = 'Cupón de demostración: 100 % de descuento en toda la orden';--> statement-breakpoint
UPDATE "users" SET "is_demo" = true WHERE lower("email") = 'medico@demo.mx' AND "role" = 'customer';
