// Keeps secrets out of the server log. E-mail links carry one-time tokens in their query
// string (/reset-password?token=…, the SPA route the links open), and Fastify logs every
// request's URL: the log line would hand a password reset to anyone who can read the logs.

const SECRET_PARAM = /token|secret|password|passwd|signature|^sig$|key|session|auth|code/i;

/** The URL with the value of every secret-looking query parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=[redactado]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${redacted}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined } | null | undefined;
}

/** Pino serializer for Fastify's `req`: its default fields, with the URL redacted. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
