CREATE TABLE "participant_type_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_type" "user_type" NOT NULL,
	"file_key" text NOT NULL,
	"file_mime" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'solicitada' NOT NULL,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participant_type_requests_status" CHECK ("participant_type_requests"."status" IN ('solicitada', 'aprobada', 'rechazada')),
	CONSTRAINT "participant_type_requests_not_general" CHECK ("participant_type_requests"."requested_type" <> 'general')
);
--> statement-breakpoint
ALTER TABLE "participant_type_requests" ADD CONSTRAINT "participant_type_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_type_requests" ADD CONSTRAINT "participant_type_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participant_type_requests_status_idx" ON "participant_type_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "participant_type_requests_user_idx" ON "participant_type_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "participant_type_requests_one_open_idx" ON "participant_type_requests" USING btree ("user_id") WHERE "participant_type_requests"."status" = 'solicitada';
