// POST /api/contact: validation in Spanish, delivery through the outbox, recipient fallback,
// HTML escaping and the per-IP rate limit.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { emailOutbox } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createUser } from '../../../test/store-helpers';

const VALID = {
  name: 'Dra. Ana López',
  email: 'Ana.Lopez@Hospital.MX',
  phone: '+52 (55) 1234-5678',
  topic: 'Eventos e inscripciones',
  message: 'Quisiera saber si el curso otorga puntos de recertificación.',
  consent: true,
};

describe('with CONTACT_EMAIL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ CONTACT_EMAIL: 'buzon@asociacion.test', RATE_LIMIT_CONTACT_MAX: '1000' });
  });
  afterAll(() => ctx.close());

  const send = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/contact', payload });
  const outbox = () =>
    ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'buzon@asociacion.test'));

  it('writes the message to the outbox, replying to the visitor', async () => {
    const res = await send(VALID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.contactSent });
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    const mail = rows[0]!;
    expect(mail.replyTo).toBe('ana.lopez@hospital.mx');
    expect(mail.subject).toContain('Eventos e inscripciones');
    expect(mail.subject).toContain('Dra. Ana López');
    expect(mail.text).toContain('Quisiera saber si el curso otorga puntos de recertificación.');
    expect(mail.text).toContain('+52 (55) 1234-5678');
    expect(mail.status).toBe('pending');
  });

  it('escapes HTML from the visitor and keeps the subject on one line', async () => {
    const res = await send({
      ...VALID,
      name: 'Eva\r\nBcc: otro@x.mx <b>',
      message: '<script>alert(1)</script> y un mensaje suficientemente largo',
    });
    expect(res.statusCode).toBe(200);
    const mail = (await outbox()).find((m) => m.html.includes('alert(1)'))!;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it.each([
    [{ ...VALID, name: ' a ' }, MSG.contactNameRequired],
    [{ ...VALID, email: 'no-es-correo' }, MSG.invalidEmail],
    [{ ...VALID, phone: 'llámame' }, MSG.contactPhoneInvalid],
    [{ ...VALID, topic: 'Spam' }, MSG.contactTopicInvalid],
    [{ ...VALID, message: 'Hola' }, MSG.contactMessageTooShort],
    [{ ...VALID, message: 'x'.repeat(2001) }, MSG.contactMessageTooLong],
    [{ ...VALID, consent: false }, MSG.contactConsentRequired],
  ])('refuses bad input with a Spanish message (%#)', async (payload, message) => {
    const before = (await outbox()).length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(await outbox()).toHaveLength(before);
  });

  it('accepts a message without a phone', async () => {
    const { phone: _phone, ...rest } = VALID;
    const res = await send(rest);
    expect(res.statusCode).toBe(200);
  });

  it('answers 400, not 500, to a body that is not an object', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '"hola"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('without CONTACT_EMAIL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_CONTACT_MAX: '2' });
  });
  afterAll(() => ctx.close());

  const send = () => ctx.app.inject({ method: 'POST', url: '/api/contact', payload: VALID });

  it('answers 503 in Spanish while there is nobody to deliver to', async () => {
    const res = await send();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: MSG.contactUnavailable });
  });

  it('delivers to the first administrator, then rate limits the sender', async () => {
    const admin = await createUser(ctx, { role: 'admin', email: 'admin@asociacion.test' });
    const res = await send();
    expect(res.statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, admin.email));
    expect(rows).toHaveLength(1);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: MSG.rateLimited });
  });
});
