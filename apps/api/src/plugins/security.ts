// Security headers (helmet) with two traps: YouTube embeds need a referrer, and the PayPal
// popup needs COOP same-origin-allow-popups. Also refuses NUL characters in any input.

import helmet from '@fastify/helmet';
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

export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const extra = opts.extraOrigins ?? [];
  await app.register(helmet, {
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

  // PostgreSQL text cannot hold U+0000: a NUL in a query string, path or JSON body would reach
  // the database as an error (a 500). It is never legitimate input here, so it is a 400.
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.query) || hasNul(req.params) || hasNul(req.body)) {
      throw new AppError('bad_request', MSG.invalidInput);
    }
  });
}

/** Whether a parsed value (strings, arrays, plain objects, keys included) contains U+0000. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}
