CREATE TABLE "day_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"root_order_id" uuid NOT NULL,
	"product_day_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"from_order_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_order_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extra_transfers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "day_transfers" ADD CONSTRAINT "day_transfers_root_order_id_orders_id_fk" FOREIGN KEY ("root_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_transfers" ADD CONSTRAINT "day_transfers_product_day_id_product_days_id_fk" FOREIGN KEY ("product_day_id") REFERENCES "public"."product_days"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_transfers" ADD CONSTRAINT "day_transfers_from_order_id_orders_id_fk" FOREIGN KEY ("from_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_transfers" ADD CONSTRAINT "day_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_transfers" ADD CONSTRAINT "day_transfers_to_order_id_orders_id_fk" FOREIGN KEY ("to_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_transfers" ADD CONSTRAINT "day_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_transfers" ADD CONSTRAINT "day_transfers_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "day_transfers_seq_idx" ON "day_transfers" USING btree ("root_order_id","product_day_id","seq");--> statement-breakpoint
CREATE INDEX "day_transfers_from_order_idx" ON "day_transfers" USING btree ("from_order_id");--> statement-breakpoint
CREATE INDEX "day_transfers_to_order_idx" ON "day_transfers" USING btree ("to_order_id");
