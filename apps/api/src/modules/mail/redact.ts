// One-time links (password reset, first login, transfer set-password, waiting-list claim)
// carry their token in the query string. Once a message has left, the outbox keeps it with
// every such token replaced by a marker, so the database and its backups hold no working
// link: hashing the tokens in their own tables would be pointless otherwise.

/** What a link's token becomes once its message was sent (or given up). */
export const REDACTED_TOKEN = '[redactado]';

/**
 * A token-named query parameter (`token`, `resetToken`…) after `?` or `&` (also `&amp;` in
 * HTML) and its value (base64url, maybe %-escaped), never a sentence's final period or a
 * closing parenthesis.
 */
const LINK_TOKEN = /([?&](?:amp;)?[A-Za-z_]*token=)[\w~%-]+(?:\.[\w~%-]+)*/gi;

/** The text with the value of every link token replaced by REDACTED_TOKEN. */
export function redactLinkTokens(text: string): string {
  return text.replace(LINK_TOKEN, (_match, param: string) => `${param}${REDACTED_TOKEN}`);
}
