// Configuration rules that span several variables: the PayPal simulator's refusals and the
// S3 settings that only make sense together; where demo data may be.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };

function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted it');
}

describe('PAYPAL_SIMULATOR', () => {
  it('refuses real PayPal credentials, naming the variables', () => {
    const withId = refusal({ PAYPAL_SIMULATOR: 'true', PAYPAL_CLIENT_ID: 'AZ-real-live-client' });
    expect(withId).toMatch(/simulador de PayPal no puede usarse con credenciales reales/);
    expect(withId).toMatch(/PAYPAL_CLIENT_ID/);
    expect(withId).toMatch(/PAYPAL_CLIENT_SECRET/);
    expect(refusal({ PAYPAL_SIMULATOR: 'true', PAYPAL_CLIENT_SECRET: 'EL-secreto-real' })).toMatch(
      /credenciales reales/,
    );
  });

  it('refuses a production database, naming NODE_ENV and DATABASE_URL', () => {
    const message = refusal({
      PAYPAL_SIMULATOR: 'true',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://tienda@db.internal:5432/tienda',
    });
    expect(message).toMatch(/NODE_ENV=production y DATABASE_URL/);
  });

  it('runs the demo: embedded database in production mode, or PostgreSQL outside production', () => {
    const demo = loadConfig({ ...base, PAYPAL_SIMULATOR: 'true', NODE_ENV: 'production', PORT: '3456' });
    expect(demo).toMatchObject({
      PAYPAL_SIMULATOR: true,
      PAYPAL_CLIENT_ID: 'fake-client-id',
      PAYPAL_CLIENT_SECRET: 'fake-client-secret',
      PAYPAL_WEBHOOK_ID: 'WH-FAKE-0001',
      PAYPAL_SDK_BASE: 'http://localhost:3456/__paypal-simulator',
    });
    expect(
      loadConfig({
        ...base,
        PAYPAL_SIMULATOR: 'true',
        NODE_ENV: 'development',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/demo',
        PAYPAL_CLIENT_ID: 'fake-client-id',
      }).PAYPAL_CLIENT_ID,
    ).toBe('fake-client-id');
  });

  it('is off unless asked for, and then leaves PayPal settings alone', () => {
    const config = loadConfig({ ...base, PAYPAL_CLIENT_ID: 'AZ-real', PAYPAL_CLIENT_SECRET: 'EL-real' });
    expect(config.PAYPAL_SIMULATOR).toBe(false);
    expect(config.PAYPAL_CLIENT_ID).toBe('AZ-real');
    expect(config.PAYPAL_SDK_BASE).toBe('https://www.paypal.com');
  });
});

describe('S3 storage settings', () => {
  it('need a bucket when any other S3 variable is set', () => {
    expect(refusal({ S3_ENDPOINT: 'https://s3.example.org' })).toMatch(
      /S3_BUCKET: falta el nombre del bucket/,
    );
  });

  it('take both halves of the access key or neither', () => {
    expect(refusal({ S3_BUCKET: 'tienda', S3_ACCESS_KEY_ID: 'AKIA' })).toMatch(
      /S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY/,
    );
  });

  it('parse a full S3-compatible setup', () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'tienda',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://cuenta.r2.cloudflarestorage.com',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secreto',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://archivos.example.org',
    });
    expect(config).toMatchObject({ S3_BUCKET: 'tienda', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig(base).S3_BUCKET).toBeUndefined();
  });
});

describe('demo data and the published address', () => {
  it('seeds demo data on the embedded database only at a local address (or for the PayPal simulator)', () => {
    expect(loadConfig(base)).toMatchObject({ SEED_DEMO: true, demoDataAllowed: true });
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://tienda.localhost',
    ]) {
      expect(loadConfig({ ...base, PUBLIC_URL: local }), local).toMatchObject({
        SEED_DEMO: true,
        demoDataAllowed: true,
      });
    }
    const published = { ...base, PUBLIC_URL: 'https://tienda.example.org' };
    expect(loadConfig(published)).toMatchObject({ SEED_DEMO: false, demoDataAllowed: false });
    expect(loadConfig({ ...published, SEED_DEMO: 'false' })).toMatchObject({ demoDataAllowed: false });
    expect(loadConfig({ ...published, DATABASE_URL: 'postgres://db/store' })).toMatchObject({
      SEED_DEMO: false,
      demoDataAllowed: false,
    });
  });

  it('keeps demo data at a published address only when asked: SEED_DEMO=true or the simulator', () => {
    const published = { ...base, PUBLIC_URL: 'https://tienda.example.org' };
    expect(loadConfig({ ...published, SEED_DEMO: 'true' })).toMatchObject({
      SEED_DEMO: true,
      demoDataAllowed: true,
    });
    expect(loadConfig({ ...published, PAYPAL_SIMULATOR: 'true' })).toMatchObject({
      SEED_DEMO: true,
      demoDataAllowed: true,
    });
  });
});

describe('rotating JWT_SECRET', () => {
  const previous = { JWT_SECRET_PREVIOUS: 'y'.repeat(40) };

  it('needs JWT_ROTATED_AT beside JWT_SECRET_PREVIOUS, and not in the future', () => {
    expect(refusal(previous)).toMatch(/JWT_ROTATED_AT: falta/);
    expect(refusal({ ...previous, JWT_ROTATED_AT: 'ayer' })).toMatch(/JWT_ROTATED_AT/);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect(refusal({ ...previous, JWT_ROTATED_AT: later })).toMatch(/JWT_ROTATED_AT: está en el futuro/);
    expect(
      loadConfig({ ...base, ...previous, JWT_ROTATED_AT: '2026-01-05T09:00:00-06:00' }).JWT_ROTATED_AT,
    ).toBe(Date.parse('2026-01-05T15:00:00Z'));
  });
});

describe('where the store listens', () => {
  it('on this machine only by default while demo data may be present', () => {
    expect(loadConfig(base)).toMatchObject({ HOST: 'localhost', listensLocally: true, SEED_DEMO: true });
    expect(loadConfig({ ...base, HOST: '' })).toMatchObject({ HOST: 'localhost', listensLocally: true });
    expect(loadConfig({ ...base, PAYPAL_SIMULATOR: 'true' })).toMatchObject({
      HOST: 'localhost',
      SEED_DEMO: true,
    });
    for (const host of ['127.0.0.1', '::1', '[::1]', 'localhost']) {
      expect(loadConfig({ ...base, HOST: host }), host).toMatchObject({
        listensLocally: true,
        demoDataAllowed: true,
      });
    }
  });

  it('with no demo data on the network: a HOST there, or a published store (every interface by default)', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
      expect(loadConfig({ ...base, HOST: host }), host).toMatchObject({
        HOST: host,
        listensLocally: false,
        SEED_DEMO: false,
        demoDataAllowed: false,
      });
      expect(loadConfig({ ...base, HOST: host, PAYPAL_SIMULATOR: 'true' }), host).toMatchObject({
        SEED_DEMO: false,
        demoDataAllowed: false,
      });
    }
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://tienda.example.org' })).toMatchObject({
      HOST: '0.0.0.0',
      listensLocally: false,
      demoDataAllowed: false,
    });
    // Unless asked for on purpose.
    expect(loadConfig({ ...base, HOST: '0.0.0.0', SEED_DEMO: 'true' })).toMatchObject({
      SEED_DEMO: true,
      demoDataAllowed: true,
    });
  });
});
