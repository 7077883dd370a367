CREATE TABLE "attendance_corrections" (
	"user_id" uuid NOT NULL,
	"product_day_id" uuid NOT NULL,
	"counts" boolean NOT NULL,
	"reason" text NOT NULL,
	"corrected_by" uuid,
	"corrected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attendance_corrections_user_id_product_day_id_pk" PRIMARY KEY("user_id","product_day_id")
);
--> statement-breakpoint
CREATE TABLE "constancia_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"image_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "constancia_signatures_position" CHECK ("constancia_signatures"."position" BETWEEN 1 AND 3)
);
--> statement-breakpoint
ALTER TABLE "constancias" ADD COLUMN "product_day_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "constancias" ADD COLUMN "specialty" text;--> statement-breakpoint
ALTER TABLE "constancias" ADD COLUMN "institution" text;--> statement-breakpoint
ALTER TABLE "constancias" ADD COLUMN "file_key_a4" text;--> statement-breakpoint
ALTER TABLE "constancias" ADD COLUMN "issued_by" uuid;--> statement-breakpoint
ALTER TABLE "constancias" ADD COLUMN "replaces_folio" text;--> statement-breakpoint
ALTER TABLE "constancias" ADD COLUMN "revoke_reason" text;--> statement-breakpoint
ALTER TABLE "constancias" ADD COLUMN "revoke_note" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "auto_constancias" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_product_day_id_product_days_id_fk" FOREIGN KEY ("product_day_id") REFERENCES "public"."product_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "constancia_signatures" ADD CONSTRAINT "constancia_signatures_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "constancia_signatures_event_idx" ON "constancia_signatures" USING btree ("product_id","position") WHERE "constancia_signatures"."product_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "constancia_signatures_default_idx" ON "constancia_signatures" USING btree ("position") WHERE "constancia_signatures"."product_id" IS NULL;--> statement-breakpoint
ALTER TABLE "constancias" ADD CONSTRAINT "constancias_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Constancias issued before: revoked ones were revoked by hand; their days are found by label.
UPDATE "constancias" SET "revoke_reason" = 'manual' WHERE "revoked_at" IS NOT NULL;--> statement-breakpoint
UPDATE "constancias" c SET "product_day_ids" = coalesce((SELECT jsonb_agg(pd."id"::text ORDER BY pd."position") FROM "product_days" pd WHERE pd."product_id" = c."product_id" AND pd."label" IN (SELECT jsonb_array_elements_text(c."days"))), '[]'::jsonb);--> statement-breakpoint
ALTER TABLE "constancias" ADD CONSTRAINT "constancias_revoke_reason" CHECK (("constancias"."revoked_at" IS NULL) = ("constancias"."revoke_reason" IS NULL) AND ("constancias"."revoke_reason" IS NULL OR "constancias"."revoke_reason" IN ('reembolso','cancelacion','asistencia','reemision','manual')));