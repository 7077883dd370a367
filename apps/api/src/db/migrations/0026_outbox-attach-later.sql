-- Attachments made when a message is sent rather than when it is queued: the order
-- confirmation's receipt PDF and QR tickets were rendered inside the payment's own transaction,
-- and at the minute a limited workshop opens that rendering took about half of the server's
-- CPU (docs/on-sale.md). The row now names what to attach ({"kind","key"}); the sender makes
-- the files from the order as it stands (modules/mail/late-attachments.ts).
ALTER TABLE "email_outbox" ADD COLUMN "attach_later" jsonb;
