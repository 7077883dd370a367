-- A change to what a buyer's "my orders" answer or stream page shows sends NOTIFY
-- "orders_changed" with the id of each user concerned when its transaction commits: the
-- owner of an order (orders, its days, its refunds), the holder of a place (order_days.user_id),
-- both sides of a day transfer, the holder of a scholarship. A TRUNCATE sends an empty payload
-- (everyone), and so does a change of what those answers read of the catalogue's days (date,
-- position, label, stream link) or a day's removal; seats sold do not touch them. Each API process LISTENs and drops those users' snapshots
-- (modules/orders/user-views.ts). PostgreSQL folds identical notifications of one transaction
-- into one, so a payment that writes many rows of one buyer sends one.
CREATE OR REPLACE FUNCTION "notify_orders_user"(uid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF uid IS NOT NULL THEN
    PERFORM pg_notify('orders_changed', uid::text);
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_orders_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('orders_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "notify_orders_user"(OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "notify_orders_user"(NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_order_days_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "notify_orders_user"(OLD.user_id);
    PERFORM "notify_orders_user"((SELECT o.user_id FROM orders o WHERE o.id = OLD.order_id));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "notify_orders_user"(NEW.user_id);
    PERFORM "notify_orders_user"((SELECT o.user_id FROM orders o WHERE o.id = NEW.order_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_order_refunds_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "notify_orders_user"((SELECT o.user_id FROM orders o WHERE o.id = OLD.order_id));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "notify_orders_user"((SELECT o.user_id FROM orders o WHERE o.id = NEW.order_id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_day_transfers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "notify_orders_user"(OLD.from_user_id);
    PERFORM "notify_orders_user"(OLD.to_user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "notify_orders_user"(NEW.from_user_id);
    PERFORM "notify_orders_user"(NEW.to_user_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_user_views_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "notify_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "orders_user_views_truncated"
  AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_everyone"();--> statement-breakpoint
CREATE TRIGGER "order_days_user_views_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "order_days"
  FOR EACH ROW EXECUTE FUNCTION "notify_order_days_changed"();--> statement-breakpoint
CREATE TRIGGER "order_days_user_views_truncated"
  AFTER TRUNCATE ON "order_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_everyone"();--> statement-breakpoint
CREATE TRIGGER "order_refunds_user_views_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "order_refunds"
  FOR EACH ROW EXECUTE FUNCTION "notify_order_refunds_changed"();--> statement-breakpoint
CREATE TRIGGER "order_refunds_user_views_truncated"
  AFTER TRUNCATE ON "order_refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_everyone"();--> statement-breakpoint
CREATE TRIGGER "day_transfers_user_views_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "day_transfers"
  FOR EACH ROW EXECUTE FUNCTION "notify_day_transfers_changed"();--> statement-breakpoint
CREATE TRIGGER "day_transfers_user_views_truncated"
  AFTER TRUNCATE ON "day_transfers"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_everyone"();--> statement-breakpoint
CREATE TRIGGER "scholarships_user_views_changed"
  AFTER INSERT OR UPDATE OR DELETE ON "scholarships"
  FOR EACH ROW EXECUTE FUNCTION "notify_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "scholarships_user_views_truncated"
  AFTER TRUNCATE ON "scholarships"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_everyone"();--> statement-breakpoint
CREATE TRIGGER "product_days_user_views_changed"
  AFTER UPDATE ON "product_days"
  FOR EACH ROW
  WHEN (
    OLD.starts_at IS DISTINCT FROM NEW.starts_at
    OR OLD.position IS DISTINCT FROM NEW.position
    OR OLD.label IS DISTINCT FROM NEW.label
    OR OLD.stream_url IS DISTINCT FROM NEW.stream_url
    OR OLD.id IS DISTINCT FROM NEW.id
  )
  EXECUTE FUNCTION "notify_orders_everyone"();--> statement-breakpoint
CREATE TRIGGER "product_days_user_views_deleted"
  AFTER DELETE OR TRUNCATE ON "product_days"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_everyone"();
