// The import writes in short transactions (so the store keeps answering on the embedded
// database) and stays all-or-nothing: welcome e-mails wait until the last chunk is in, and a
// conflict in a later chunk removes what the earlier chunks wrote.

import { inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { emailOutbox, users } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../../test/context';
import { createUser, type TestUser } from '../../../../test/store-helpers';
import { AppError } from '../../../lib/errors';
import { importMembers } from './service';

const csvOf = (n: number, prefix: string) =>
  ['name,email,userType', ...Array.from({ length: n }, (_, i) => `SOCIA,${prefix}${i}@lote.mx,general`)].join(
    '\n',
  );

describe('member import in chunks', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.database.db;
  const count = async (prefix: string) =>
    (
      await db()
        .select()
        .from(users)
        .where(like(users.email, `${prefix}%`))
    ).length;

  it('holds the welcome e-mails until every chunk is written, then releases them all', async () => {
    let dueDuringImport = -1;
    const res = await importMembers(
      db(),
      ctx.app.mailSettings,
      admin.id,
      csvOf(25, 'a'),
      { dryRun: false, onlyValid: false },
      {
        chunkSize: 10,
        afterChunk: async (index) => {
          if (index !== 1) return;
          const due = await db()
            .select()
            .from(emailOutbox)
            .where(sql`${emailOutbox.nextAttemptAt} <= now()`);
          dueDuringImport = due.length;
        },
      },
    );
    expect(res).toMatchObject({ imported: true, created: 25 });
    expect(dueDuringImport).toBe(0);
    const due = await db()
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.nextAttemptAt} <= now()`);
    expect(due).toHaveLength(25);
    expect(await count('a')).toBe(25);
  });

  it('undoes the earlier chunks when a later one conflicts, and sends nothing', async () => {
    const outboxBefore = (await db().select().from(emailOutbox)).length;
    const attempt = importMembers(
      db(),
      ctx.app.mailSettings,
      admin.id,
      csvOf(25, 'b'),
      { dryRun: false, onlyValid: false },
      {
        chunkSize: 10,
        // Someone registers an address of the third chunk while the import runs.
        afterChunk: async (index) => {
          if (index === 0) await createUser(ctx, { email: 'b24@lote.mx' });
        },
      },
    );
    await expect(attempt).rejects.toEqual(new AppError('conflict', ADMIN_MSG.importDuplicateExisting));
    expect(await count('b')).toBe(1); // only the account registered by its owner
    expect((await db().select().from(emailOutbox)).length).toBe(outboxBefore);
    const leftovers = await db()
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, ['b0@lote.mx', 'b15@lote.mx']));
    expect(leftovers).toHaveLength(0);
  });
});
