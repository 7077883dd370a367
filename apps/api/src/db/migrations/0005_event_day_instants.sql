-- Every event day gets a real start and end (timestamptz), and every event the span of its
-- days. Existing days are backfilled before the columns become NOT NULL:
--   * the date is read from the label when it names one in Spanish ('Jueves 29 de mayo de
--     2025'; without a year, the year the event was created), else it is the event's creation
--     date (Mexico City) plus the day's position, so days stay in order;
--   * the hours are read from the label when it names a range ('14:30 a 19:30'), else the day
--     runs 9:00–18:00;
--   * every wall time is Mexico City time (America/Mexico_City).
-- Each event's starts_at/ends_at are its first start and last end (an event without days,
-- which the store never creates, gets its creation time plus one hour).
ALTER TABLE "product_days" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_days" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
WITH parsed AS (
  SELECT
    d."id",
    d."position",
    (p."created_at" AT TIME ZONE 'America/Mexico_City')::date AS "created_on",
    regexp_match(
      lower(d."label"),
      '(\d{1,2}) de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)(?: de(?:l)? (\d{4}))?'
    ) AS "dm",
    regexp_match(d."label", '(\d{1,2})[:.](\d{2})\s*(?:h\s*)?(?:a|al|-|–)\s*(\d{1,2})[:.](\d{2})') AS "hm"
  FROM "product_days" d
  JOIN "products" p ON p."id" = d."product_id"
),
numbers AS (
  SELECT
    "id",
    "position",
    "created_on",
    "dm"[1]::int AS "dd",
    CASE "dm"[2]
      WHEN 'enero' THEN 1 WHEN 'febrero' THEN 2 WHEN 'marzo' THEN 3 WHEN 'abril' THEN 4
      WHEN 'mayo' THEN 5 WHEN 'junio' THEN 6 WHEN 'julio' THEN 7 WHEN 'agosto' THEN 8
      WHEN 'septiembre' THEN 9 WHEN 'setiembre' THEN 9 WHEN 'octubre' THEN 10
      WHEN 'noviembre' THEN 11 WHEN 'diciembre' THEN 12
    END AS "mm",
    COALESCE("dm"[3]::int, extract(year FROM "created_on")::int) AS "yy",
    "hm"[1]::int AS "h1",
    "hm"[2]::int AS "m1",
    "hm"[3]::int AS "h2",
    "hm"[4]::int AS "m2"
  FROM parsed
),
resolved AS (
  SELECT
    "id",
    CASE
      WHEN "mm" IS NOT NULL
        AND "yy" BETWEEN 2000 AND 2999
        AND "dd" BETWEEN 1 AND extract(day FROM make_date("yy", "mm", 1) + interval '1 month' - interval '1 day')
      THEN make_date("yy", "mm", "dd")
      ELSE "created_on" + "position"
    END AS "on_date",
    CASE
      WHEN "h1" <= 23 AND "m1" <= 59 AND "h2" <= 23 AND "m2" <= 59 AND "h2" * 60 + "m2" > "h1" * 60 + "m1"
      THEN make_time("h1", "m1", 0)
      ELSE time '09:00'
    END AS "from_time",
    CASE
      WHEN "h1" <= 23 AND "m1" <= 59 AND "h2" <= 23 AND "m2" <= 59 AND "h2" * 60 + "m2" > "h1" * 60 + "m1"
      THEN make_time("h2", "m2", 0)
      ELSE time '18:00'
    END AS "to_time"
  FROM numbers
)
UPDATE "product_days" d
SET
  "starts_at" = (r."on_date" + r."from_time") AT TIME ZONE 'America/Mexico_City',
  "ends_at" = (r."on_date" + r."to_time") AT TIME ZONE 'America/Mexico_City'
FROM resolved r
WHERE r."id" = d."id";--> statement-breakpoint
UPDATE "products" p
SET
  "starts_at" = COALESCE((SELECT min(d."starts_at") FROM "product_days" d WHERE d."product_id" = p."id"), p."created_at"),
  "ends_at" = COALESCE(
    (SELECT max(d."ends_at") FROM "product_days" d WHERE d."product_id" = p."id"),
    p."created_at" + interval '1 hour'
  );--> statement-breakpoint
ALTER TABLE "product_days" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_days" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "products_active_ends_idx" ON "products" USING btree ("active","ends_at");--> statement-breakpoint
ALTER TABLE "product_days" ADD CONSTRAINT "product_days_ends_after_start" CHECK ("product_days"."ends_at" > "product_days"."starts_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_ends_after_start" CHECK ("products"."ends_at" > "products"."starts_at");
