ALTER TYPE "public"."order_status" ADD VALUE 'reembolso_parcial';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'transferido';--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"product_day_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"amount_centavos" integer NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"provider_refund_id" text,
	"actor_id" uuid,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_centavos" > 0),
	CONSTRAINT "order_refunds_status" CHECK ("order_refunds"."status" IN ('pendiente', 'completado', 'fallido'))
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_provider_idx" ON "order_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_one_pending_idx" ON "order_refunds" USING btree ("order_id") WHERE "order_refunds"."status" = 'pendiente';