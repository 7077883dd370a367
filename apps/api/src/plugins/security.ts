// Security headers (helmet) with two traps: YouTube embeds need a referrer, and the PayPal
// popup needs COOP same-origin-allow-popups. The pages get the full content security policy,
// the API's answers a short one that allows nothing. Also refuses NUL characters in any input.
//
// The headers depend on the configuration only, so helmet computes them once at start-up and
// every answer gets the same object in one synchronous hook. (@fastify/helmet built helmet's
// whole middleware again for every request, parsing the policy each time: a tenth of the
// server's time serving the catalogue, bench/profile.mjs.)

import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@store/shared/messages';
import { AppError } from '../lib/errors';

const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
const FRAMES = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://vimeo.com',
];

export interface SecurityOptions {
  production: boolean;
  /** Extra origins allowed to serve scripts and frames (a configured PayPal SDK base). */
  extraOrigins?: string[];
  /** Extra origins allowed to serve images (the CDN of S3_PUBLIC_URL). */
  imageOrigins?: string[];
}

/**
 * The headers helmet sets for `options`, computed once: its middleware run against a response
 * that only records them. Every directive here is a constant (helmet also accepts functions of
 * the request, which this store does not use), so every answer gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

export function registerSecurity(app: FastifyInstance, opts: SecurityOptions): void {
  const extra = opts.extraOrigins ?? [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // YouTube's IFrame API script (the stream page's attendance reads the player's state).
        scriptSrc: ["'self'", ...PAYPAL, 'https://www.youtube.com', ...extra],
        styleSrc: ["'self'", "'unsafe-inline'", ...PAYPAL],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...PAYPAL,
          'https://i.ytimg.com',
          'https://i.vimeocdn.com',
          ...extra,
          ...(opts.imageOrigins ?? []),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...PAYPAL, ...extra],
        frameSrc: ["'self'", ...FRAMES, ...PAYPAL, ...extra],
        childSrc: ["'self'", ...FRAMES, ...PAYPAL, ...extra],
        // The door check-in's QR decoder runs in a worker our own bundle creates from a blob.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...PAYPAL],
        ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Embeds from YouTube/Vimeo are not CORP-enabled.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // The API's answers (JSON, and the files it hands out) are never a page: nothing in them may
  // load, run or frame anything (OWASP's REST Security sheet). A policy of two directives
  // instead of the page's thousand bytes. The OpenAPI browser under /api/docs is a page.
  const apiHeaders = { ...headers, 'content-security-policy': API_CSP };
  // Every answer, errors and 404s included, as helmet's own hook did.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiAnswer(req.url) ? apiHeaders : headers);
    done();
  });

  // PostgreSQL text cannot hold U+0000: a NUL in a query string, path or JSON body would reach
  // the database as an error (a 500). It is never legitimate input here, so it is a 400.
  app.addHook('preValidation', (req, _reply, done) => {
    if (hasNul(req.query) || hasNul(req.params) || hasNul(req.body)) {
      done(new AppError('bad_request', MSG.invalidInput));
      return;
    }
    done();
  });
}

/** The policy of every answer under /api but the OpenAPI browser. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** Whether a parsed value (strings, arrays, plain objects, keys included) contains U+0000. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}
