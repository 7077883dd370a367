CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_day_id" uuid NOT NULL,
	"checked_in_by" uuid,
	"method" text NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "constancias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folio" text NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"certificate_name" text NOT NULL,
	"cedula" text NOT NULL,
	"event_name" text NOT NULL,
	"days" jsonb NOT NULL,
	"minutes" integer NOT NULL,
	"file_key" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "professional_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"certificate_name" text NOT NULL,
	"cedula" text NOT NULL,
	"specialty" text NOT NULL,
	"institution" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_sessions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"product_day_id" uuid NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_watch" (
	"user_id" uuid NOT NULL,
	"product_day_id" uuid NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_watch_user_id_product_day_id_pk" PRIMARY KEY("user_id","product_day_id"),
	CONSTRAINT "stream_watch_seconds_nonneg" CHECK ("stream_watch"."seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "attendance_percent" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_product_day_id_product_days_id_fk" FOREIGN KEY ("product_day_id") REFERENCES "public"."product_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "constancias" ADD CONSTRAINT "constancias_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "constancias" ADD CONSTRAINT "constancias_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_profiles" ADD CONSTRAINT "professional_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_sessions" ADD CONSTRAINT "stream_sessions_product_day_id_product_days_id_fk" FOREIGN KEY ("product_day_id") REFERENCES "public"."product_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_watch" ADD CONSTRAINT "stream_watch_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_watch" ADD CONSTRAINT "stream_watch_product_day_id_product_days_id_fk" FOREIGN KEY ("product_day_id") REFERENCES "public"."product_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_user_day_idx" ON "checkins" USING btree ("user_id","product_day_id");--> statement-breakpoint
CREATE UNIQUE INDEX "constancias_folio_idx" ON "constancias" USING btree ("folio");--> statement-breakpoint
CREATE UNIQUE INDEX "constancias_one_valid_idx" ON "constancias" USING btree ("user_id","product_id") WHERE "constancias"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stream_watch_day_idx" ON "stream_watch" USING btree ("product_day_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_attendance_percent_range" CHECK ("products"."attendance_percent" BETWEEN 1 AND 100);