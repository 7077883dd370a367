CREATE TYPE "public"."question_kind" AS ENUM('texto', 'texto_largo', 'opcion', 'opciones', 'si_no', 'numero', 'fecha');--> statement-breakpoint
CREATE TYPE "public"."question_preset" AS ENUM('institucion', 'especialidad', 'restricciones', 'patrocinadores');--> statement-breakpoint
CREATE TABLE "attendee_answers" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendee_answers_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "event_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"product_day_id" uuid,
	"position" integer NOT NULL,
	"kind" "question_kind" NOT NULL,
	"label" text NOT NULL,
	"help" text,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_value" numeric,
	"max_value" numeric,
	"preset" "question_preset",
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_questions_range_check" CHECK ("event_questions"."min_value" IS NULL OR "event_questions"."max_value" IS NULL OR "event_questions"."min_value" <= "event_questions"."max_value")
);
--> statement-breakpoint
ALTER TABLE "attendee_answers" ADD CONSTRAINT "attendee_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendee_answers" ADD CONSTRAINT "attendee_answers_question_id_event_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."event_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_questions" ADD CONSTRAINT "event_questions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_questions" ADD CONSTRAINT "event_questions_product_day_id_product_days_id_fk" FOREIGN KEY ("product_day_id") REFERENCES "public"."product_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendee_answers_question_idx" ON "attendee_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "event_questions_product_idx" ON "event_questions" USING btree ("product_id","position");