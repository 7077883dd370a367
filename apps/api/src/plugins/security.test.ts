import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { registerErrorHandling } from './errors';
import { API_CSP, registerSecurity } from './security';

async function appWith(production: boolean) {
  const app = Fastify();
  registerErrorHandling(app);
  registerSecurity(app, {
    production,
    extraOrigins: ['https://sdk.example.org'],
    imageOrigins: ['https://cdn.example.org'],
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/api/ok', async () => ({ ok: true }));
  app.get('/api/boom', async () => {
    throw new Error('boom');
  });
  app.get('/api/docs', async (_req, reply) => reply.type('text/html').send('<!doctype html>'));
  app.post('/echo', async (req) => req.body);
  await app.ready();
  return app;
}

/** A success, a 404, a 400 (a NUL in the query) and a 500, under `prefix`. */
async function fourAnswers(app: Awaited<ReturnType<typeof appWith>>, prefix: string) {
  const answers = await Promise.all(
    ['/ok', '/nowhere', '/ok?q=a%00b', '/boom'].map((url) =>
      app.inject({ method: 'GET', url: prefix + url }),
    ),
  );
  expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 400, 500]);
  return answers;
}

const EVERY_ANSWER = {
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** In production every answer also asks for HTTPS only. */
const EVERY_ANSWER_IN_PRODUCTION = {
  ...EVERY_ANSWER,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

describe('security headers', () => {
  it('puts the same headers on a success, a 404, a 400 and a 500', async () => {
    const app = await appWith(true);
    try {
      const answers = await fourAnswers(app, '');
      for (const res of answers) {
        expect(res.headers).toMatchObject(EVERY_ANSWER_IN_PRODUCTION);
        expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
        const csp = String(res.headers['content-security-policy']).split(';');
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain(
          "script-src 'self' https://*.paypal.com https://*.paypalobjects.com https://www.youtube.com https://sdk.example.org",
        );
        expect(csp.find((d) => d.startsWith('img-src'))).toContain('https://cdn.example.org');
        expect(csp.find((d) => d.startsWith('script-src'))).not.toContain('cdn.example.org');
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain('upgrade-insecure-requests');
      }
    } finally {
      await app.close();
    }
  });

  it('asks for HTTPS only in production', async () => {
    const app = await appWith(false);
    try {
      const res = await app.inject({ method: 'GET', url: '/ok' });
      expect(res.headers).toMatchObject(EVERY_ANSWER);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });
});

describe('the API answers', () => {
  it('allow nothing to load, run or frame them, on a success, a 404, a 400 and a 500; the rest of the headers as a page', async () => {
    const app = await appWith(true);
    try {
      const answers = await fourAnswers(app, '/api');
      for (const res of answers) {
        expect(res.headers['content-security-policy']).toBe(API_CSP);
        expect(res.headers).toMatchObject(EVERY_ANSWER_IN_PRODUCTION);
      }
      expect(API_CSP.split('; ')).toEqual(["default-src 'none'", "frame-ancestors 'none'"]);
    } finally {
      await app.close();
    }
  });

  it('the OpenAPI browser under /api/docs and every page keep the page policy', async () => {
    const app = await appWith(false);
    try {
      for (const url of ['/api/docs', '/ok', '/apix', '/nowhere']) {
        const csp = String((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).toContain("script-src 'self'");
      }
    } finally {
      await app.close();
    }
  });
});

describe('NUL characters', () => {
  it('refuses one in a query string, a key or a JSON body with the Spanish 400', async () => {
    const app = await appWith(false);
    try {
      for (const req of [
        { method: 'GET' as const, url: '/ok?q=a%00' },
        { method: 'POST' as const, url: '/echo', payload: { ['a\u0000']: 1 } },
        { method: 'POST' as const, url: '/echo', payload: { list: [{ name: 'x\u0000' }] } },
      ]) {
        const res = await app.inject(req);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: MSG.invalidInput });
      }
      const fine = await app.inject({ method: 'POST', url: '/echo', payload: { list: [{ name: 'x' }] } });
      expect(fine.json()).toEqual({ list: [{ name: 'x' }] });
    } finally {
      await app.close();
    }
  });
});
