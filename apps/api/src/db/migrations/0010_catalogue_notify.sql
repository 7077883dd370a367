-- Every change to the public catalogue (an event, its days, their seats) sends a NOTIFY on
-- the channel "catalogue_changed" when its transaction commits. Each API process LISTENs and
-- drops its in-memory catalogue snapshot (modules/products/snapshot.ts), so a replica serves
-- an edit made through another one. One notification per statement, not per row; PostgreSQL
-- folds identical notifications of one transaction into one.
CREATE OR REPLACE FUNCTION "notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_catalogue_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();--> statement-breakpoint
CREATE TRIGGER "product_days_catalogue_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "price_tiers_catalogue_changed"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_tiers"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
