// Secrets stay out of the server log: a whole password reset (request → e-mail link → page
// load → new password) and a welcome link, with request logging on, leave no token behind.

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema';
import { createTestContext, type TestContext } from './context';
import { createUser, post, TEST_PASSWORD } from './store-helpers';

describe('server logs', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext(
      { LOG_LEVEL: 'trace' },
      {
        logStream: { write: (line: string) => void lines.push(line) },
        // The SPA's index.html, so the e-mail link's page load is served as in production.
        indexHtml: '<!doctype html><html><head><title>Tienda</title></head><body></body></html>',
      },
    );
  });
  afterAll(() => ctx.close());

  async function newestLinkTo(email: string): Promise<string> {
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(desc(emailOutbox.createdAt));
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    return link!;
  }

  it('never contain the reset token of a full reset flow', async () => {
    const user = await createUser(ctx);
    expect(
      (await post(ctx, '/api/user/reset-password-request', undefined, { email: user.email })).statusCode,
    ).toBe(200);
    const link = new URL(await newestLinkTo(user.email));
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);

    // The browser opens the link (the SPA page), then posts the new password.
    const page = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    const reset = await post(ctx, '/api/user/reset-password', undefined, {
      token,
      newPassword: 'una-clave-nueva-larga',
    });
    expect(reset.statusCode).toBe(200);
    // A reused link (its error is logged too) still leaves no token.
    await post(ctx, '/api/user/reset-password', undefined, { token, newPassword: 'otra-clave-larga' });

    const log = lines.join('\n');
    expect(log).toContain('/reset-password?token=');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });

  it('never contain a first-login token, a session token or a password', async () => {
    const user = await createUser(ctx, { mustChangePassword: true });
    const login = await post(ctx, '/api/user/login', undefined, {
      email: user.email,
      password: TEST_PASSWORD,
    });
    const resetToken = login.json().resetToken as string;
    await ctx.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}&x=1` });
    await ctx.app.inject({
      method: 'GET',
      url: `/api/user/profile?token=${user.token}`,
      headers: { token: user.token },
    });
    const log = lines.join('\n');
    expect(log).not.toContain(resetToken);
    expect(log).not.toContain(user.token);
    expect(log).not.toContain(TEST_PASSWORD);
  });
});
