ALTER TABLE "orders" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_network" text;--> statement-breakpoint
CREATE INDEX "orders_open_holds_network_idx" ON "orders" USING btree ("client_network") WHERE "orders"."status" = 'pendiente';--> statement-breakpoint
-- Every refund is a row now (docs/lifecycle.md → Money): amounts recorded before only on the
-- order (an admin's refund made outside the store, a refund reported by PayPal) become one
-- completed 'manual' row each, so an order's refunded_centavos is the sum of its rows.
INSERT INTO "order_refunds" ("order_id", "kind", "amount_centavos", "status", "created_at", "completed_at")
SELECT o."id", 'manual', o."refunded_centavos" - COALESCE(SUM(r."amount_centavos") FILTER (WHERE r."status" = 'completado'), 0), 'completado', o."updated_at", o."updated_at"
FROM "orders" o LEFT JOIN "order_refunds" r ON r."order_id" = o."id"
GROUP BY o."id"
HAVING o."refunded_centavos" - COALESCE(SUM(r."amount_centavos") FILTER (WHERE r."status" = 'completado'), 0) > 0;--> statement-breakpoint
-- Open waiting-list offers hold seats the catalogue shows as taken.
CREATE TRIGGER "waitlist_entries_catalogue_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "waitlist_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
