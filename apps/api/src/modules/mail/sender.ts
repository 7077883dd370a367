// The outbox sender: what the `mail.sender` background job (jobs.ts) does on each run —
// deliver queued e-mails through SMTP (nodemailer, SMTP_URL) with retries and exponential backoff. Without SMTP_URL each
// message is written as an .eml file under DATA_DIR/outbox and a line is logged, so a
// fresh install still shows what it would have sent. Once a message has left (or is given
// up), its row keeps it with the tokens of its one-time links redacted (redact.ts).

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { redactLinkTokens } from './redact';
import { makeLateAttachments } from './late-attachments';
import { claimDueMessages, markFailedAttempt, markSent, type OutboxRow } from './repo';

export interface OutboxSenderOptions {
  db: Db;
  from: string;
  /** smtp(s)://… ; absent = .eml files in outboxDir. */
  smtpUrl?: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  maxAttempts?: number;
  /** How long a claimed message is held before another sender may retry it. */
  leaseMs?: number;
  batchSize?: number;
}

export interface OutboxSender {
  /**
   * Delivers every message due at `now`; returns how many were sent. Once `signal` is aborted
   * (shutting down) the rest of the batch is left alone; a message still in an SMTP call when
   * the job platform gives up waiting stays claimed and is sent again once its lease runs out.
   */
  runOnce(now?: Date, signal?: AbortSignal): Promise<number>;
  /** Closes the SMTP connections. */
  close(): void;
}

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

function redacted(msg: OutboxRow) {
  return { html: redactLinkTokens(msg.html), text: redactLinkTokens(msg.text) };
}

export function createOutboxSender(opts: OutboxSenderOptions): OutboxSender {
  const maxAttempts = opts.maxAttempts ?? 8;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const batchSize = opts.batchSize ?? 20;
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function deliver(msg: OutboxRow): Promise<void> {
    const late = msg.attachLater ? await makeLateAttachments(opts.db, msg.attachLater) : [];
    const info = await transport.sendMail({
      from: opts.from,
      to: msg.to,
      subject: msg.subject,
      html: msg.html,
      text: msg.text,
      ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
      attachments: [
        ...msg.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
        ...late,
      ],
    });
    if (!opts.smtpUrl) {
      const raw = (info as { message?: Buffer | string }).message ?? '';
      // The message holds live one-time links (set a password, reset it): the owner reads it only.
      await mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      const stamp = msg.createdAt.toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${msg.id}.eml`);
      await writeFile(file, raw, { mode: 0o600 });
      opts.log.info({ to: msg.to, subject: msg.subject, file }, `correo escrito en ${file} (sin SMTP_URL)`);
    }
  }

  async function runOnce(at?: Date, signal?: AbortSignal): Promise<number> {
    const batch = await claimDueMessages(opts.db, at, leaseMs, batchSize);
    const now = at ?? new Date();
    let sent = 0;
    for (const msg of batch) {
      // Shutting down: the rest of the batch waits for its lease to run out.
      if (signal?.aborted) break;
      try {
        await deliver(msg);
        await markSent(opts.db, msg.id, new Date(), redacted(msg));
        sent += 1;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        const giveUp = msg.attempts >= maxAttempts;
        const next = giveUp ? null : new Date(now.getTime() + retryDelayMs(msg.attempts));
        await markFailedAttempt(opts.db, msg.id, reason, next, redacted(msg));
        opts.log.warn(
          { id: msg.id, to: msg.to, attempts: msg.attempts, err: reason },
          giveUp ? 'correo descartado tras varios intentos' : 'envío de correo fallido; se reintentará',
        );
      }
    }
    return sent;
  }

  return { runOnce, close: () => transport.close() };
}
