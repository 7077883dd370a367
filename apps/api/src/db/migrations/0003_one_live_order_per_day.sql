-- One live hold per user and day. Databases from before this rule may hold several pending
-- orders of one user for the same day: the older ones are cancelled here (seats and coupon
-- uses given back, exactly as the expiry sweep would), so the unique index can be built.
CREATE TEMP TABLE "stale_holds" ON COMMIT DROP AS
SELECT DISTINCT "order_id" FROM (
  SELECT od."order_id", row_number() OVER (
    PARTITION BY od."user_id", od."product_day_id" ORDER BY o."created_at" DESC, o."id" DESC
  ) AS "rn"
  FROM "order_days" od JOIN "orders" o ON o."id" = od."order_id"
  WHERE od."status" = 'pendiente' AND o."status" = 'pendiente'
) ranked WHERE "rn" > 1;--> statement-breakpoint
UPDATE "product_days" pd SET "seats_taken" = GREATEST(pd."seats_taken" - c."n", 0)
FROM (
  SELECT "product_day_id", count(*)::int AS "n" FROM "order_days"
  WHERE "order_id" IN (SELECT "order_id" FROM "stale_holds") GROUP BY "product_day_id"
) c WHERE pd."id" = c."product_day_id";--> statement-breakpoint
UPDATE "coupons" cp SET "used_count" = GREATEST(cp."used_count" - r."n", 0)
FROM (
  SELECT "coupon_id", count(*)::int AS "n" FROM "coupon_redemptions"
  WHERE "order_id" IN (SELECT "order_id" FROM "stale_holds") GROUP BY "coupon_id"
) r WHERE cp."id" = r."coupon_id";--> statement-breakpoint
DELETE FROM "coupon_redemptions" WHERE "order_id" IN (SELECT "order_id" FROM "stale_holds");--> statement-breakpoint
UPDATE "order_days" SET "status" = 'cancelado' WHERE "order_id" IN (SELECT "order_id" FROM "stale_holds");--> statement-breakpoint
UPDATE "orders" SET "status" = 'cancelado', "expires_at" = NULL, "updated_at" = now()
WHERE "id" IN (SELECT "order_id" FROM "stale_holds");--> statement-breakpoint
-- Cash orders used to wait forever; they now expire like the others (72 h, the default of
-- CASH_ORDER_TTL_HOURS, counted from when they were placed).
UPDATE "orders" SET "expires_at" = "created_at" + interval '72 hours', "updated_at" = now()
WHERE "status" = 'pendiente' AND "payment_method" = 'cod' AND "expires_at" IS NULL;--> statement-breakpoint
-- A day paid twice by the same user (possible before this rule) keeps its first paid row; the
-- later copies stop counting (their seat is given back) and each lands in the audit log for
-- the association to refund.
CREATE TEMP TABLE "duplicate_paid_days" ON COMMIT DROP AS
SELECT "id", "order_id", "product_day_id" FROM (
  SELECT od."id", od."order_id", od."product_day_id", row_number() OVER (
    PARTITION BY od."user_id", od."product_day_id" ORDER BY od."created_at", od."id"
  ) AS "rn"
  FROM "order_days" od WHERE od."status" = 'pagado'
) ranked WHERE "rn" > 1;--> statement-breakpoint
INSERT INTO "audit_log" ("action", "entity", "entity_id", "details")
SELECT 'payment.duplicate_day_found', 'order', "order_id"::text,
  jsonb_build_object('productDayId', "product_day_id", 'orderDayId', "id")
FROM "duplicate_paid_days";--> statement-breakpoint
UPDATE "product_days" pd SET "seats_taken" = GREATEST(pd."seats_taken" - c."n", 0)
FROM (
  SELECT "product_day_id", count(*)::int AS "n" FROM "duplicate_paid_days" GROUP BY "product_day_id"
) c WHERE pd."id" = c."product_day_id";--> statement-breakpoint
UPDATE "order_days" SET "status" = 'cancelado' WHERE "id" IN (SELECT "id" FROM "duplicate_paid_days");--> statement-breakpoint
CREATE UNIQUE INDEX "order_days_one_pending_idx" ON "order_days" USING btree ("user_id","product_day_id") WHERE "order_days"."status" = 'pendiente';--> statement-breakpoint
CREATE UNIQUE INDEX "order_days_one_paid_idx" ON "order_days" USING btree ("user_id","product_day_id") WHERE "order_days"."status" = 'pagado';
