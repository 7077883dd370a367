// Security headers (helmet) with two traps: YouTube embeds need a
// referrer, and the PayPal popup needs COOP same-origin-allow-popups.

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
}

export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions): Promise<void> {
  const extra = opts.extraOrigins ?? [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...PAYPAL, ...extra],
        styleSrc: ["'self'", "'unsafe-inline'", ...PAYPAL],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...PAYPAL,
          'https://i.ytimg.com',
          'https://i.vimeocdn.com',
          ...extra,
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...PAYPAL, ...extra],
        frameSrc: ["'self'", ...FRAMES, ...PAYPAL, ...extra],
        childSrc: ["'self'", ...FRAMES, ...PAYPAL, ...extra],
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
}
