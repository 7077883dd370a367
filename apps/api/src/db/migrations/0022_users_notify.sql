-- A change to what a session carries (name, e-mail, user type, role, token version) or the
-- removal of a user sends NOTIFY "user_changed" with the user's id when its transaction
-- commits; a TRUNCATE sends an empty payload (everyone). Each API process LISTENs and drops
-- that user from its session cache (plugins/session-cache.ts), so a demotion or a password
-- change ends a session on every replica at once.
CREATE OR REPLACE FUNCTION "notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('user_changed', '');
  ELSE
    PERFORM pg_notify('user_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_session_updated"
  AFTER UPDATE ON "users"
  FOR EACH ROW
  WHEN (
    OLD.name IS DISTINCT FROM NEW.name
    OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.user_type IS DISTINCT FROM NEW.user_type
    OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.token_version IS DISTINCT FROM NEW.token_version
    OR OLD.id IS DISTINCT FROM NEW.id
  )
  EXECUTE FUNCTION "notify_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_session_deleted"
  AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_session_truncated"
  AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_user_changed"();
