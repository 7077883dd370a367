// Configuration, parsed once from the environment with zod (documented in .env.example).
// A bad value stops the start with a message naming the variable.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  JWT_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'usa un número y s, m, h o d (p. ej. 7d)')
    .default('7d'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Tienda de la asociación <no-reply@localhost>'),
  CONTACT_EMAIL: z.email().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'debe tener al menos 8 caracteres').optional(),
  SEED_DEMO: bool.default(true),
  REDIS_URL: optionalUrl,
  CASH_ORDERS_ENABLED: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  /** Built SPA folder; default apps/web/dist. */
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'JWT_SECRET' | 'PUBLIC_URL'> {
  JWT_SECRET: string;
  PUBLIC_URL: string;
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
  const dataDir = path.resolve(e.DATA_DIR);
  const PUBLIC_URL = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return { ...e, dataDir, PUBLIC_URL, JWT_SECRET: e.JWT_SECRET ?? persistentSecret(dataDir) };
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
