// The job platform: every job of the registry runs on one loop, a failing run is logged and
// the loop goes on, stop() tells a run through its signal and abandons one that hangs past the
// grace. And docs/ARCHITECTURE.md cannot drift: its job list is jobsMarkdown() and its data
// model names every table and enum of the Drizzle schema.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { isPgEnum, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Config } from './config';
import type { Db } from './db/client';
import * as schema from './db/schema';
import type { FileStorage } from './lib/storage/storage';
import { JOBS, jobsMarkdown, startJobs, type Job, type JobContext } from './jobs';
import { mailSettingsFrom } from './modules/mail/settings';

const root = path.resolve(import.meta.dirname, '../../..');
const architecture = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');

function section(md: string, heading: string): string {
  const start = md.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = md.indexOf('\n## ', start + 1);
  return md.slice(start, end === -1 ? undefined : end);
}

describe('docs/ARCHITECTURE.md', () => {
  it('lists the jobs of the registry (jobsMarkdown between the jobs markers)', () => {
    const between = /<!-- jobs:start -->\n([\s\S]*?)\n<!-- jobs:end -->/.exec(architecture);
    expect(between, 'the jobs:start/jobs:end markers').not.toBeNull();
    // Prettier may wrap the lines: compare the words.
    const words = (s: string) => s.split(/\s+/).filter(Boolean);
    expect(words(between![1]!)).toEqual(words(jobsMarkdown()));
  });

  it('names every table of the Drizzle schema in its data model', () => {
    const tables = Object.values(schema)
      .filter((v) => is(v, PgTable))
      .map((t) => getTableName(t as PgTable));
    expect(tables.length).toBeGreaterThan(20);
    const dataModel = section(architecture, 'Data model');
    const missing = tables.filter((t) => !dataModel.includes(`\`${t}\``));
    expect(missing, 'tables missing from the Data model section').toEqual([]);
  });

  it('names every enum of the Drizzle schema in its data model', () => {
    const enums = Object.values(schema)
      .filter((v) => isPgEnum(v))
      .map((e) => e.enumName);
    expect(enums.length).toBeGreaterThan(5);
    const dataModel = section(architecture, 'Data model');
    expect(enums.filter((e) => !dataModel.includes(`\`${e}\``))).toEqual([]);
  });
});

describe('the job registry', () => {
  it('has unique names, and each names the file that holds what it does', () => {
    expect(new Set(JOBS.map((j) => j.name)).size).toBe(JOBS.length);
    for (const j of JOBS) {
      expect(j.name, j.name).toMatch(/^[a-z-]+\.[a-z-]+$/);
      expect(existsSync(path.join(import.meta.dirname, j.source)), j.source).toBe(true);
    }
  });

  it('turns the CFDI stamping on only with CFDI_API_KEY', () => {
    const stamping = JOBS.find((j) => j.name === 'invoices.stamping')!;
    const ctx = (extra: Partial<Config>) =>
      ({ config: { CFDI_INTERVAL_MS: 1000, ...extra } as Config }) as unknown as JobContext;
    expect(stamping.create(ctx({}))).toBeNull();
    expect(
      stamping.create(ctx({ CFDI_API_KEY: 'sk_test', CFDI_API_URL: 'http://127.0.0.1:9' })),
    ).toMatchObject({
      intervalMs: 1000,
    });
  });
});

describe('startJobs', () => {
  const logged: { level: string; msg: string }[] = [];
  const ctx: JobContext = {
    db: {} as Db,
    config: {} as Config,
    storage: {} as FileStorage,
    mail: mailSettingsFrom({
      PUBLIC_URL: 'http://localhost',
      JWT_SECRET: 'x'.repeat(32),
      CONTACT_EMAIL: undefined,
    }),
    log: {
      info: (_: unknown, msg?: string) => void logged.push({ level: 'info', msg: msg ?? '' }),
      warn: (_: unknown, msg?: string) => void logged.push({ level: 'warn', msg: msg ?? '' }),
      error: (_: unknown, msg?: string) => void logged.push({ level: 'error', msg: msg ?? '' }),
    } as JobContext['log'],
  };
  const job = (name: string, create: Job['create']): Job => ({
    name,
    label: `el trabajo ${name}`,
    source: 'jobs.ts',
    every: '',
    does: '',
    create,
  });
  const until = async (ok: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!ok() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(ok()).toBe(true);
  };

  it('runs each job at once and then every interval, logs a failed run and goes on', async () => {
    let runs = 0;
    let closed = 0;
    const jobs = startJobs(ctx, [
      job('test.flaky', () => ({
        intervalMs: 10,
        run: async () => {
          runs += 1;
          if (runs === 1) throw new Error('falla');
        },
        close: () => void (closed += 1),
      })),
      job('test.off', () => null),
    ]);
    expect(jobs.names).toEqual(['test.flaky']);
    await until(() => runs >= 3);
    expect(logged).toContainEqual({ level: 'error', msg: 'error en el trabajo test.flaky' });
    await jobs.stop(1_000);
    const after = runs;
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(after);
    expect(closed).toBe(1);
  });

  it('on stop, aborts the signal of a run in progress and waits for it to finish', async () => {
    let aborted = false;
    let started = false;
    const jobs = startJobs(ctx, [
      job('test.batch', () => ({
        intervalMs: 60_000,
        run: async (signal) => {
          started = true;
          while (!signal.aborted) await new Promise((r) => setTimeout(r, 5));
          aborted = true;
        },
      })),
    ]);
    await until(() => started);
    await jobs.stop(1_000);
    expect(aborted).toBe(true);
    expect(logged.filter((l) => l.level === 'warn')).toEqual([]);
  });

  it('abandons a run that hangs past the grace, says which, and still closes it', async () => {
    let closed = false;
    const jobs = startJobs(ctx, [
      job('test.hung', () => ({
        intervalMs: 60_000,
        run: () => new Promise<void>(() => undefined),
        close: () => void (closed = true),
      })),
    ]);
    const t0 = Date.now();
    await jobs.stop(100);
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(closed).toBe(true);
    expect(logged).toContainEqual({
      level: 'warn',
      msg: 'cierre: el trabajo test.hung no terminó a tiempo; se abandona',
    });
  });
});
