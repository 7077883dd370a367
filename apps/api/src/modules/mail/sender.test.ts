// The outbox sender against a real SMTP server started here (smtp-server): delivery,
// retry after an SMTP failure, giving up after the last attempt, and the .eml fallback.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { stdSerializers } from 'pino';
import { newSecretToken } from '../../lib/secret-tokens';
import { enqueueEmails } from './bulk-outbox';
import { enqueueEmail } from './outbox';
import { registerLateAttachments } from './late-attachments';
import { REDACTED_TOKEN } from './redact';
import { JOBS, startJobs } from '../../jobs';
import { createOutboxSender, retryDelayMs } from './sender';
import { passwordResetEmail } from './catalogue/password-reset';
import { enqueueTransferEmails } from './transfer';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server that records messages and fails the next `failNext` deliveries. */
async function startSmtp() {
  const state = { received: [] as Received[], failNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.failNext > 0) {
          state.failNext -= 1;
          const err = new Error('Buzón temporalmente no disponible') as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
          return;
        }
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await ctx.close();
});
afterEach(async () => {
  await ctx.database.db.delete(emailOutbox);
  smtp.state.received.length = 0;
  smtp.state.failNext = 0;
});

const rows = () => ctx.database.db.select().from(emailOutbox);
const message = (to: string) => ({
  to,
  subject: 'Confirmación de tu compra',
  html: '<p>Hola <strong>Ana</strong></p>',
  text: 'Hola Ana',
});

describe('outbox sender', () => {
  it('delivers queued messages through SMTP and marks them sent', async () => {
    await enqueueEmail(ctx.database.db, { ...message('ana@prueba.mx'), replyTo: 'contacto@prueba.mx' });
    const sender = createOutboxSender({
      db: ctx.database.db,
      from: 'Tienda <no-reply@prueba.mx>',
      smtpUrl: smtp.url,
      outboxDir: path.join(ctx.config.dataDir, 'outbox'),
      log: quietLog,
    });
    expect(await sender.runOnce()).toBe(1);
    await sender.close();
    expect(smtp.state.received).toHaveLength(1);
    const [got] = smtp.state.received;
    expect(got!.from).toBe('no-reply@prueba.mx');
    expect(got!.to).toEqual(['ana@prueba.mx']);
    expect(got!.raw).toContain('Subject: =?UTF-8?Q?Confirmaci=C3=B3n_de_tu_compra?=');
    expect(got!.raw).toContain('Reply-To: contacto@prueba.mx');
    expect(got!.raw).toContain('text/html');
    expect(got!.raw).toContain('text/plain');
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    // Nothing is sent twice.
    const again = createOutboxSender({
      db: ctx.database.db,
      from: 'x@prueba.mx',
      smtpUrl: smtp.url,
      outboxDir: '',
      log: quietLog,
    });
    expect(await again.runOnce()).toBe(0);
    await again.close();
    expect(smtp.state.received).toHaveLength(1);
  });

  it('makes late attachments when it sends, from what stands then; a kind nobody makes is retried', async () => {
    let made = 0;
    registerLateAttachments('prueba-tarde', async (_db, key) => {
      made += 1;
      return [
        { filename: `tarde-${key}.txt`, contentType: 'text/plain', content: Buffer.from(`hecho ${made}`) },
      ];
    });
    await enqueueEmail(ctx.database.db, {
      ...message('ema@prueba.mx'),
      attachLater: { kind: 'prueba-tarde', key: 'k1' },
    });
    await enqueueEmail(ctx.database.db, {
      ...message('fer@prueba.mx'),
      attachLater: { kind: 'nadie-lo-hace', key: 'k2' },
    });
    expect(made).toBe(0); // queued: nothing made yet
    const sender = createOutboxSender({
      db: ctx.database.db,
      from: 'Tienda <no-reply@prueba.mx>',
      smtpUrl: smtp.url,
      outboxDir: '',
      log: quietLog,
    });
    expect(await sender.runOnce()).toBe(1);
    await sender.close();
    expect(made).toBe(1);
    const raw = smtp.state.received.find((r) => r.to.includes('ema@prueba.mx'))!.raw;
    expect(raw).toContain('name=tarde-k1.txt');
    const [failed] = (await rows()).filter((r) => r.to === 'fer@prueba.mx');
    expect(failed!.status).toBe('pending');
    expect(failed!.lastError).toContain('nadie-lo-hace');
  });

  it('sends attachments, and a dedupe key queues a message only once', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const first = await enqueueEmail(ctx.database.db, {
      ...message('dora@prueba.mx'),
      attachments: [{ filename: 'evento.ics', contentType: 'text/calendar', content: Buffer.from(ics) }],
      dedupeKey: 'recordatorio:dia-1:24h',
    });
    const second = await enqueueEmail(ctx.database.db, {
      ...message('dora@prueba.mx'),
      dedupeKey: 'recordatorio:dia-1:24h',
    });
    expect([first, second]).toEqual([true, false]);
    expect(await rows()).toHaveLength(1);
    const sender = createOutboxSender({
      db: ctx.database.db,
      from: 'Tienda <no-reply@prueba.mx>',
      smtpUrl: smtp.url,
      outboxDir: '',
      log: quietLog,
    });
    expect(await sender.runOnce()).toBe(1);
    await sender.close();
    const raw = smtp.state.received[0]!.raw;
    expect(raw).toContain('Content-Type: text/calendar; name=evento.ics');
    expect(raw).toContain(Buffer.from(ics).toString('base64'));
    // Sent messages keep their key: the reminder is not queued again after a restart.
    expect(
      await enqueueEmail(ctx.database.db, {
        ...message('dora@prueba.mx'),
        dedupeKey: 'recordatorio:dia-1:24h',
      }),
    ).toBe(false);
  });

  it('survives an SMTP failure and delivers on the retry after the backoff', async () => {
    await enqueueEmail(ctx.database.db, message('beto@prueba.mx'));
    smtp.state.failNext = 1;
    const sender = createOutboxSender({
      db: ctx.database.db,
      from: 'no-reply@prueba.mx',
      smtpUrl: smtp.url,
      outboxDir: '',
      log: quietLog,
    });
    // A little ahead: rows are stamped by the database clock to the microsecond.
    const t0 = new Date(Date.now() + 1000);
    expect(await sender.runOnce(t0)).toBe(0);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/451|no disponible/);
    expect(row!.nextAttemptAt.getTime()).toBe(t0.getTime() + retryDelayMs(1));
    // Not due yet: nothing happens.
    expect(await sender.runOnce(new Date(t0.getTime() + 1000))).toBe(0);
    expect((await rows())[0]!.attempts).toBe(1);
    // After the backoff it goes through.
    expect(await sender.runOnce(new Date(t0.getTime() + retryDelayMs(1) + 1))).toBe(1);
    await sender.close();
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.state.received.map((m) => m.to)).toEqual([['beto@prueba.mx']]);
  });

  it('gives up after the last attempt, marking the message failed', async () => {
    await enqueueEmail(ctx.database.db, message('carla@prueba.mx'));
    smtp.state.failNext = 10;
    const sender = createOutboxSender({
      db: ctx.database.db,
      from: 'no-reply@prueba.mx',
      smtpUrl: smtp.url,
      outboxDir: '',
      log: quietLog,
      maxAttempts: 2,
    });
    const t0 = Date.now() + 1000;
    await sender.runOnce(new Date(t0));
    await sender.runOnce(new Date(t0 + retryDelayMs(1) + 1));
    await sender.close();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(smtp.state.received).toHaveLength(0);
  });

  it('retries when the SMTP server is unreachable', async () => {
    await enqueueEmail(ctx.database.db, message('dora@prueba.mx'));
    const sender = createOutboxSender({
      db: ctx.database.db,
      from: 'no-reply@prueba.mx',
      smtpUrl: 'smtp://127.0.0.1:1',
      outboxDir: '',
      log: quietLog,
    });
    expect(await sender.runOnce()).toBe(0);
    await sender.close();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toBeTruthy();
  });

  it('without SMTP writes each message as an .eml file under DATA_DIR/outbox and logs it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      await enqueueEmail(ctx.database.db, message('eva@prueba.mx'));
      const lines: string[] = [];
      const sender = createOutboxSender({
        db: ctx.database.db,
        from: 'Tienda <no-reply@prueba.mx>',
        outboxDir: path.join(dir, 'outbox'),
        log: { ...quietLog, info: (_obj: unknown, msg?: string) => void lines.push(String(msg)) },
      });
      expect(await sender.runOnce()).toBe(1);
      await sender.close();
      const files = readdirSync(path.join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8');
      expect(eml).toContain('To: eva@prueba.mx');
      expect(eml).toContain('Hola Ana');
      expect(lines.some((l) => l.includes(files[0]!))).toBe(true);
      const [row] = await ctx.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, 'eva@prueba.mx'));
      expect(row!.status).toBe('sent');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the mail.sender job delivers without being asked, and stops cleanly', async () => {
    const jobs = startJobs(
      {
        db: ctx.database.db,
        config: { ...ctx.app.config, SMTP_URL: smtp.url, OUTBOX_INTERVAL_MS: 50 },
        storage: ctx.app.storage,
        mail: ctx.app.mailSettings,
        log: quietLog,
      },
      JOBS.filter((j) => j.name === 'mail.sender'),
    );
    expect(jobs.names).toEqual(['mail.sender']);
    await enqueueEmail(ctx.database.db, message('fer@prueba.mx'));
    const deadline = Date.now() + 15_000;
    while (smtp.state.received.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    await jobs.stop(2_000);
    expect(smtp.state.received.map((m) => m.to)).toEqual([['fer@prueba.mx']]);
  });

  describe('one-time links', () => {
    /** Three messages with a working link each: a reset, a transfer's set-password, a claim. */
    async function queueLinks() {
      const tokens = { reset: newSecretToken(), transfer: newSecretToken(), claim: newSecretToken() };
      await enqueueEmail(
        ctx.database.db,
        passwordResetEmail(ctx.app.mailSettings, { to: 'ana@prueba.mx', name: 'ANA', token: tokens.reset }),
      );
      await enqueueTransferEmails(ctx.database.db, ctx.app.mailSettings, {
        transferId: '00000000-0000-4000-8000-000000000001',
        productName: 'Curso de ecocardiografía',
        days: [{ label: 'Día 1', startsAt: new Date('2030-03-01T15:00:00Z') }],
        from: { name: 'BETO', email: 'beto@prueba.mx' },
        to: { name: 'CARLA', email: 'carla@prueba.mx' },
        fromOrderId: '00000000-0000-4000-8000-000000000002',
        setPasswordToken: tokens.transfer,
        tokenDays: 7,
      });
      const claim = `${ctx.app.mailSettings.publicUrl}/lista-de-espera/reclamar?token=${tokens.claim}`;
      await enqueueEmails(ctx.database.db, [
        {
          to: 'dora@prueba.mx',
          subject: 'Se liberó un lugar',
          html: `<p><a href="${claim}&amp;origen=correo">Reclamar</a> ${claim}.</p>`,
          text: `Reclama tu lugar: ${claim}.`,
        },
      ]);
      return tokens;
    }

    const stored = async () => JSON.stringify(await rows());

    it('a sent message keeps no usable token: each link token is replaced by a marker', async () => {
      const tokens = await queueLinks();
      expect(await stored()).toContain(tokens.reset);
      const sender = createOutboxSender({
        db: ctx.database.db,
        from: 'no-reply@prueba.mx',
        smtpUrl: smtp.url,
        outboxDir: '',
        log: quietLog,
      });
      expect(await sender.runOnce()).toBe(4);
      await sender.close();
      // The recipients got their links…
      const delivered = smtp.state.received.map((m) => m.raw.replace(/=\r?\n/g, '')).join('\n');
      for (const token of Object.values(tokens)) expect(delivered).toContain(token);
      // …and the outbox keeps the messages without them.
      const after = await rows();
      expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
      const kept = await stored();
      for (const token of Object.values(tokens)) expect(kept).not.toContain(token);
      const reset = after.find((r) => r.to === 'ana@prueba.mx')!;
      expect(reset.html).toContain(`/reset-password?token=${REDACTED_TOKEN}`);
      expect(reset.text).toContain(`/reset-password?token=${REDACTED_TOKEN}`);
      expect(reset.html).toContain('Restablecer contraseña');
      const claim = after.find((r) => r.to === 'dora@prueba.mx')!;
      expect(claim.html).toContain(`reclamar?token=${REDACTED_TOKEN}&amp;origen=correo`);
      expect(claim.text).toMatch(/reclamar\?token=\[redactado\]\.$/);
    });

    it('a message given up keeps no usable token either; one still being retried keeps its link', async () => {
      const token = newSecretToken();
      await enqueueEmail(
        ctx.database.db,
        passwordResetEmail(ctx.app.mailSettings, { to: 'eva@prueba.mx', name: 'EVA', token }),
      );
      smtp.state.failNext = 10;
      const sender = createOutboxSender({
        db: ctx.database.db,
        from: 'no-reply@prueba.mx',
        smtpUrl: smtp.url,
        outboxDir: '',
        log: quietLog,
        maxAttempts: 2,
      });
      const t0 = Date.now() + 1000;
      await sender.runOnce(new Date(t0));
      expect(await stored()).toContain(token);
      await sender.runOnce(new Date(t0 + retryDelayMs(1) + 1));
      await sender.close();
      const [row] = await rows();
      expect(row!.status).toBe('failed');
      expect(await stored()).not.toContain(token);
      expect(row!.text).toContain(`token=${REDACTED_TOKEN}`);
    });

    it('the migration redacts the messages sent before the sender did, and leaves pending ones', async () => {
      const tokens = await queueLinks();
      const [reset] = await ctx.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, 'ana@prueba.mx'));
      await ctx.database.db
        .update(emailOutbox)
        .set({ status: 'sent' })
        .where(eq(emailOutbox.to, 'carla@prueba.mx'));
      await ctx.database.db
        .update(emailOutbox)
        .set({ status: 'failed' })
        .where(eq(emailOutbox.to, 'dora@prueba.mx'));
      const migration = readFileSync(
        path.join(import.meta.dirname, '../../db/migrations/0016_redact_sent_outbox_links.sql'),
        'utf8',
      );
      await ctx.database.db.execute(sql.raw(migration));
      const kept = await stored();
      expect(kept).not.toContain(tokens.transfer);
      expect(kept).not.toContain(tokens.claim);
      const after = await rows();
      expect(after.find((r) => r.to === 'dora@prueba.mx')!.text).toMatch(/reclamar\?token=\[redactado\]\.$/);
      // Still to be delivered: untouched.
      expect(after.find((r) => r.to === 'ana@prueba.mx')!.html).toBe(reset!.html);
      expect(kept).toContain(tokens.reset);
    });

    it('a failed outbox insert reports no parameter of the query', async () => {
      const token = newSecretToken();
      const email = passwordResetEmail(ctx.app.mailSettings, { to: 'fer@prueba.mx', name: 'FER', token });
      // PostgreSQL refuses a NUL character in text: the insert fails.
      const failures: unknown[] = [];
      await enqueueEmail(ctx.database.db, { ...email, subject: 'a\u0000b' }).catch((e: unknown) =>
        failures.push(e),
      );
      await enqueueEmails(ctx.database.db, [{ ...email, subject: 'a\u0000b' }]).catch((e: unknown) =>
        failures.push(e),
      );
      expect(failures).toHaveLength(2);
      for (const err of failures) {
        // What the error handler would log: pino's serializer follows causes too.
        const logged = JSON.stringify(stdSerializers.err(err as Error));
        expect(logged).toContain('no se pudo poner un correo en la cola');
        expect(logged).not.toContain(token);
        expect(logged).not.toContain('fer@prueba.mx');
        expect(logged).not.toMatch(/params:|insert into/i);
      }
      expect(await rows()).toHaveLength(0);
    });
  });
});
