-- Messages already sent (or given up) before the outbox started redacting them keep working
-- one-time links: their tokens are replaced by the same marker the sender now writes
-- (modules/mail/redact.ts). Pending messages keep theirs: they have yet to be delivered.
UPDATE "email_outbox"
SET
  "html" = regexp_replace("html", '([?&](amp;)?[A-Za-z_]*token=)[A-Za-z0-9_~%-]+(\.[A-Za-z0-9_~%-]+)*', '\1[redactado]', 'gi'),
  "text" = regexp_replace("text", '([?&](amp;)?[A-Za-z_]*token=)[A-Za-z0-9_~%-]+(\.[A-Za-z0-9_~%-]+)*', '\1[redactado]', 'gi')
WHERE "status" <> 'pending' AND ("html" ~* 'token=' OR "text" ~* 'token=');
