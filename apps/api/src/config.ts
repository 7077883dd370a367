// Configuration, parsed once from the environment with zod (documented in .env.example).
// A bad value stops the start with a message naming the variable.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** Free text where an empty value means unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);
const blankAsUnset = (v: unknown) => (v === '' ? undefined : v);

const TRUST_PROXY_FORMS =
  'usa el número de proxies delante de la tienda (p. ej. TRUST_PROXY=1 detrás de un solo proxy) o sus direcciones IP o rangos CIDR separados por comas (p. ej. TRUST_PROXY=10.0.0.0/8,127.0.0.1)';
/** Names proxy-addr (Fastify's trustProxy) knows for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries to believe: false (none, the default), a hop count (the
 * last n addresses were added by our own proxies), or the proxies' addresses and CIDRs.
 * A plain "true" would believe the whole header, which the client writes itself: every
 * per-IP limit could then be dodged with a made-up address, so it is refused.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = (raw ?? '').trim();
    if (value === '' || ['false', 'no', '0'].includes(value.toLowerCase())) return false;
    if (['true', 'yes'].includes(value.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        message: `«${value}» ya no se acepta: confiaría en cualquier X-Forwarded-For y cualquiera podría inventarse una IP para saltarse los límites por IP; ${TRUST_PROXY_FORMS}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `«${bad.join(', ')}» no es válido; ${TRUST_PROXY_FORMS}` });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * Where the store listens. Unset: this machine only (localhost) while demo data may be
   * present, every interface (0.0.0.0) for a published store without it.
   */
  HOST: z.preprocess(blankAsUnset, z.string().trim().min(1).optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  JWT_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  /** The secret before a rotation: its sessions are still accepted (new ones use JWT_SECRET). */
  JWT_SECRET_PREVIOUS: z.preprocess(
    blankAsUnset,
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  /**
   * When JWT_SECRET took over from JWT_SECRET_PREVIOUS (ISO date-time, e.g. 2026-05-04T09:00:00-06:00):
   * only sessions the previous secret signed before it are still accepted.
   */
  JWT_ROTATED_AT: z.preprocess(
    blankAsUnset,
    z.iso
      .datetime({
        offset: true,
        message: 'usa una fecha y hora ISO con zona, p. ej. 2026-05-04T09:00:00-06:00',
      })
      .transform((v) => new Date(v).getTime())
      .optional(),
  ),
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'usa un número y s, m, h o d (p. ej. 7d)')
    .default('7d'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Tienda de la asociación <no-reply@localhost>'),
  CONTACT_EMAIL: z.email().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'debe tener al menos 8 caracteres').optional(),
  /** Make an existing customer account with ADMIN_EMAIL an admin (never done silently). */
  ADMIN_PROMOTE_EXISTING: bool.default(false),
  /** Unset: demo data only into the embedded database (never into DATABASE_URL). */
  SEED_DEMO: bool.optional(),
  REDIS_URL: optionalUrl,
  CASH_ORDERS_ENABLED: bool.default(false),
  /** PayPal REST app; without id and secret checkout says PayPal is unavailable. */
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  /** Orders v2 REST host: sandbox by default, https://api-m.paypal.com live. */
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
  /** Webhook id from the PayPal app's webhook settings (signature verification). */
  PAYPAL_WEBHOOK_ID: optionalText,
  /** Where the browser loads the PayPal JS SDK from (`${base}/sdk/js`). */
  PAYPAL_SDK_BASE: z.url().default('https://www.paypal.com'),
  /** Stripe Checkout (API only, not offered in the UI). */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Point the Stripe SDK at another server (tests); default api.stripe.com:443 https. */
  STRIPE_API_HOST: optionalText,
  STRIPE_API_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: z.preprocess(blankAsUnset, z.enum(['http', 'https']).optional()),
  /** Unpaid orders expire after this many minutes and release their seats. */
  PENDING_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Unpaid cash orders (CASH_ORDERS_ENABLED) expire after this many hours and release their seats. */
  CASH_ORDER_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /**
   * Unpaid holds of days with a seat limit that one network (an IPv4 address, an IPv6 /64)
   * may have open at once (docs/lifecycle.md → Holds). Sized for a hospital's residents
   * buying together behind one address.
   */
  MAX_OPEN_HOLDS_PER_NETWORK: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Unpaid seats of limited days (one per place and day) that teams' orders may hold at once:
   * per account and per network (docs/groups.md → Seats).
   */
  MAX_OPEN_TEAM_SEATS_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(100),
  MAX_OPEN_TEAM_SEATS_PER_NETWORK: z.coerce.number().int().min(1).max(10_000).default(200),
  /** Prometheus metrics (modules/metrics): GET /api/metrics with `Authorization: Bearer` this token. */
  METRICS_TOKEN: z.preprocess(
    blankAsUnset,
    z.string().min(24, 'debe tener al menos 24 caracteres').optional(),
  ),
  /** Prometheus metrics on their own port (GET /metrics), on METRICS_HOST only. */
  METRICS_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Graceful shutdown: how long readiness fails before the port closes, and the bound on what is in flight. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Server processes with PostgreSQL (src/cluster.ts; `npm start`: one per core). PGlite: always one. */
  WORKERS: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(64).optional()),
  /**
   * Checkout calls one process runs at once; more wait in the checkout line (docs/on-sale.md).
   * Unset: 4 with the embedded database (one engine answers every query), 32 with PostgreSQL.
   */
  CHECKOUT_CONCURRENCY: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(1000).optional()),
  TRUST_PROXY: trustProxy,
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  /** Built SPA folder; default apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /** Rate limits (plugins/rate-limit.ts): requests per window per client IP. */
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  RATE_LIMIT_LOGIN_MAX: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_REGISTER_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_RESET_MAX: z.coerce.number().int().min(1).default(5),
  /**
   * Coupon codes a buyer may look up (modules/coupons/lookup-budget.ts): distinct codes per
   * account, and per client network, in RATE_LIMIT_COUPON_WINDOW_MS (default one hour).
   * Also the constancia check's requests per IP per RATE_LIMIT_WINDOW_MS.
   */
  RATE_LIMIT_COUPON_MAX: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_COUPON_WINDOW_MS: z.coerce.number().int().min(1000).default(3_600_000),
  RATE_LIMIT_CONTACT_MAX: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_ADMIN_MAX: z.coerce.number().int().min(1).default(300),
  /** Order-creating calls per user per window (per IP: five times this, for shared networks). */
  RATE_LIMIT_ORDER_MAX: z.coerce.number().int().min(1).default(20),
  /** Payment-provider webhook deliveries per IP per window. */
  RATE_LIMIT_WEBHOOK_MAX: z.coerce.number().int().min(1).default(300),
  /** Failed logins per account per hour (OWASP: at most 100). */
  RATE_LIMIT_ACCOUNT_LOGIN_MAX: z.coerce.number().int().min(1).default(100),
  /** Stream heartbeats per account per window (a player sends 2 a minute). */
  RATE_LIMIT_HEARTBEAT_MAX: z.coerce.number().int().min(1).default(20),
  /** Participant-type proof uploads per account per hour. */
  RATE_LIMIT_PROOF_MAX: z.coerce.number().int().min(1).default(10),
  /** Waiting-list joins per account per hour. */
  RATE_LIMIT_WAITLIST_MAX: z.coerce.number().int().min(1).default(30),
  /** E-mail outbox sender: how often it looks for messages, and how many tries per message. */
  /** Facturapi's REST API (or a compatible PAC, or the local fake in tests). */
  CFDI_API_URL: z.url().default('https://www.facturapi.io'),
  /** The PAC's secret key; unset = requests queue for the accountant (docs/cfdi.md). */
  CFDI_API_KEY: optionalText,
  /**
   * The issuer's lugar de expedición (5 digits): the SAT makes it the receiver's zip of a CFDI
   * to público en general (docs/cfdi.md). Without it such requests are left in error.
   */
  CFDI_ISSUER_ZIP: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'CFDI_ISSUER_ZIP debe tener 5 dígitos')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CFDI_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  CFDI_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
  CFDI_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(6),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /** How often the constancias job looks for constancias to issue (docs/attendance.md). */
  CONSTANCIA_INTERVAL_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  /** File storage: unset S3_BUCKET = local folder under DATA_DIR (lib/storage/). */
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** S3-compatible endpoint (R2, B2, MinIO…); unset = AWS. */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Public base URL of the bucket (CDN); /uploads/<file> then redirects there. */
  S3_PUBLIC_URL: optionalUrl,
  /** Local PayPal simulator for demos (dev/paypal-simulator); never with real credentials. */
  PAYPAL_SIMULATOR: bool.default(false),
  /** Local Stripe simulator for demos (dev/stripe-simulator); never with real keys. */
  STRIPE_SIMULATOR: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'HOST' | 'JWT_SECRET' | 'PUBLIC_URL' | 'SEED_DEMO'> {
  /** Resolved: HOST when given, else localhost while demo data may be present, else 0.0.0.0. */
  HOST: string;
  /** HOST is a loopback address: nothing but this machine reaches the store directly. */
  listensLocally: boolean;
  JWT_SECRET: string;
  PUBLIC_URL: string;
  /**
   * Resolved: SEED_DEMO when given, else true only for the embedded database on a local
   * PUBLIC_URL (or the PayPal simulator's demo).
   */
  SEED_DEMO: boolean;
  /**
   * Whether demo rows may be present at start: a local PUBLIC_URL (or the simulators) and a
   * loopback HOST, or SEED_DEMO=true. A store published or listening on the network with demo
   * rows refuses to start (db/seed.ts).
   */
  demoDataAllowed: boolean;
  /** Absolute DATA_DIR. */
  dataDir: string;
}

export class ConfigError extends Error {}

/** Parses the environment. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración no válida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems = [
    ...storageProblems(e),
    ...rotationProblems(e),
    ...paypalSimulatorProblems(e),
    ...stripeSimulatorProblems(e),
  ];
  if (problems.length) throw new ConfigError(`Configuración no válida:\n${problems.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const PUBLIC_URL = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // Demo data (a 100 % coupon, a customer with a published password) is for trying the store
  // on the embedded database at a local address (or with the PayPal simulator), listening on
  // this machine only; a PostgreSQL server, a published address or a HOST on the network gets
  // it only when SEED_DEMO=true is given. So a plain start listens on loopback with demo data,
  // and a store on the network has none.
  const published = !isLocalUrl(PUBLIC_URL);
  const simulated = e.PAYPAL_SIMULATOR || e.STRIPE_SIMULATOR;
  const demoByAddress = !published || e.SEED_DEMO === true || simulated;
  const HOST = e.HOST ?? (demoByAddress ? 'localhost' : '0.0.0.0');
  const listensLocally = isLoopbackHost(HOST);
  const demoDataAllowed = demoByAddress && (listensLocally || e.SEED_DEMO === true);
  const SEED_DEMO = e.SEED_DEMO ?? (!e.DATABASE_URL && listensLocally && (!published || simulated));
  return {
    ...e,
    ...(e.PAYPAL_SIMULATOR ? simulatorPaypal(PUBLIC_URL) : {}),
    ...(e.STRIPE_SIMULATOR ? STRIPE_SIMULATOR_KEYS : {}),
    HOST,
    listensLocally,
    dataDir,
    PUBLIC_URL,
    SEED_DEMO,
    demoDataAllowed,
    JWT_SECRET: e.JWT_SECRET ?? persistentSecret(dataDir),
  };
}

/** An address only this machine reaches: localhost (and *.localhost) or a loopback IP. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** A listening address only this machine reaches: localhost or a loopback IP (not 0.0.0.0 or ::). */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/** S3 settings that only make sense together. */
function storageProblems(e: Env): string[] {
  const problems: string[] = [];
  const s3Vars = [
    'S3_ENDPOINT',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_PUBLIC_URL',
  ] as const satisfies readonly (keyof Env)[];
  const setWithoutBucket = s3Vars.filter((name) => e[name]);
  if (!e.S3_BUCKET && setWithoutBucket.length) {
    problems.push(`  S3_BUCKET: falta el nombre del bucket (se configuró ${setWithoutBucket.join(', ')})`);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: se configuran las dos o ninguna');
  }
  return problems;
}

/**
 * A previous JWT secret needs the instant of the rotation: without it a token someone signed
 * with the old (maybe leaked) secret after the rotation would still count.
 */
function rotationProblems(e: Env): string[] {
  if (!e.JWT_SECRET_PREVIOUS) return [];
  if (e.JWT_ROTATED_AT === undefined) {
    return [
      '  JWT_ROTATED_AT: falta; con JWT_SECRET_PREVIOUS indica cuándo se cambió el secreto (fecha y hora ISO, p. ej. 2026-05-04T09:00:00-06:00): solo cuentan las sesiones firmadas con el anterior antes de ese momento',
    ];
  }
  if (e.JWT_ROTATED_AT > Date.now() + 5 * 60_000) {
    return ['  JWT_ROTATED_AT: está en el futuro; usa el momento en que se cambió JWT_SECRET'];
  }
  return [];
}

/** The simulator's own credentials (dev/paypal-simulator); any other value is a real app. */
export const PAYPAL_SIMULATOR_CREDENTIALS = {
  clientId: 'fake-client-id',
  clientSecret: 'fake-client-secret',
  webhookId: 'WH-FAKE-0001',
} as const;

/** Where the store mounts the simulator's browser side (its SDK and approval step). */
export const PAYPAL_SIMULATOR_PATH = '/__paypal-simulator';

/**
 * PayPal settings in simulator mode: its credentials, and its SDK served by the store itself.
 * PAYPAL_API_BASE is set by server.ts once the simulator listens (a free local port).
 */
function simulatorPaypal(publicUrl: string) {
  return {
    PAYPAL_CLIENT_ID: PAYPAL_SIMULATOR_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: PAYPAL_SIMULATOR_CREDENTIALS.clientSecret,
    PAYPAL_WEBHOOK_ID: PAYPAL_SIMULATOR_CREDENTIALS.webhookId,
    PAYPAL_SDK_BASE: `${publicUrl}${PAYPAL_SIMULATOR_PATH}`,
  };
}

/** The PayPal simulator never runs beside real PayPal credentials or a production database. */
function paypalSimulatorProblems(e: Env): string[] {
  if (!e.PAYPAL_SIMULATOR) return [];
  const problems: string[] = [];
  const realId = e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_ID !== PAYPAL_SIMULATOR_CREDENTIALS.clientId;
  const realSecret =
    e.PAYPAL_CLIENT_SECRET && e.PAYPAL_CLIENT_SECRET !== PAYPAL_SIMULATOR_CREDENTIALS.clientSecret;
  if (realId || realSecret) {
    problems.push(
      '  PAYPAL_SIMULATOR: el simulador de PayPal no puede usarse con credenciales reales de PayPal. ' +
        'Quita PAYPAL_CLIENT_ID y PAYPAL_CLIENT_SECRET, o quita PAYPAL_SIMULATOR.',
    );
  }
  if (e.NODE_ENV === 'production' && e.DATABASE_URL) {
    problems.push(
      '  PAYPAL_SIMULATOR: el simulador de PayPal no puede usarse con NODE_ENV=production y DATABASE_URL ' +
        '(una base de datos de producción). Quita DATABASE_URL para la demostración, o quita PAYPAL_SIMULATOR.',
    );
  }
  return problems;
}

/** The Stripe simulator's own keys (dev/stripe-simulator); any other value is a real Stripe account. */
export const STRIPE_SIMULATOR_CREDENTIALS = {
  secretKey: 'sk_test_simulador_local',
  webhookSecret: 'whsec_simulador_local',
} as const;

/**
 * Stripe settings in simulator mode: its keys. STRIPE_API_HOST, _PORT and _PROTOCOL are set by
 * server.ts once the simulator listens (a free local port).
 */
const STRIPE_SIMULATOR_KEYS = {
  STRIPE_SECRET_KEY: STRIPE_SIMULATOR_CREDENTIALS.secretKey,
  STRIPE_WEBHOOK_SECRET: STRIPE_SIMULATOR_CREDENTIALS.webhookSecret,
};

/** The Stripe simulator never runs beside real Stripe keys or a production database. */
function stripeSimulatorProblems(e: Env): string[] {
  if (!e.STRIPE_SIMULATOR) return [];
  const problems: string[] = [];
  const realKey = e.STRIPE_SECRET_KEY && e.STRIPE_SECRET_KEY !== STRIPE_SIMULATOR_CREDENTIALS.secretKey;
  const realSecret =
    e.STRIPE_WEBHOOK_SECRET && e.STRIPE_WEBHOOK_SECRET !== STRIPE_SIMULATOR_CREDENTIALS.webhookSecret;
  if (realKey || realSecret) {
    problems.push(
      '  STRIPE_SIMULATOR: el simulador de Stripe no puede usarse con claves reales de Stripe. ' +
        'Quita STRIPE_SECRET_KEY y STRIPE_WEBHOOK_SECRET, o quita STRIPE_SIMULATOR.',
    );
  }
  if (e.NODE_ENV === 'production' && e.DATABASE_URL) {
    problems.push(
      '  STRIPE_SIMULATOR: el simulador de Stripe no puede usarse con NODE_ENV=production y DATABASE_URL ' +
        '(una base de datos de producción). Quita DATABASE_URL para la demostración, o quita STRIPE_SIMULATOR.',
    );
  }
  return problems;
}

/** A JWT secret generated once and kept under DATA_DIR (never a constant in code). */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
