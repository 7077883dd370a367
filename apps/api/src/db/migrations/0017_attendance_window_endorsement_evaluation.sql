CREATE TABLE "evaluation_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"score_percent" integer,
	"passed" boolean NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"questions" jsonb NOT NULL,
	"pass_percent" integer NOT NULL,
	"max_attempts" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluations_pass_percent_range" CHECK ("evaluations"."pass_percent" BETWEEN 1 AND 100),
	CONSTRAINT "evaluations_max_attempts_range" CHECK ("evaluations"."max_attempts" BETWEEN 1 AND 10)
);
--> statement-breakpoint
ALTER TABLE "constancias" ADD COLUMN "endorsement" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "endorsement_body" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "endorsement_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "endorsement_hours" numeric(5, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "endorsement_points" numeric(5, 1);--> statement-breakpoint
ALTER TABLE "evaluation_attempts" ADD CONSTRAINT "evaluation_attempts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_attempts" ADD CONSTRAINT "evaluation_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_attempts_product_user_idx" ON "evaluation_attempts" USING btree ("product_id","user_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_endorsement_complete" CHECK (("products"."endorsement_body" IS NULL) = ("products"."endorsement_number" IS NULL) AND ("products"."endorsement_body" IS NULL) = ("products"."endorsement_hours" IS NULL) AND ("products"."endorsement_body" IS NULL) = ("products"."endorsement_points" IS NULL));