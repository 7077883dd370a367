import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-statements';

let raw: PGlite;
let db: PGlite;

// One database (starting PGlite takes seconds); each test gets the table afresh and a new wrapper.
beforeAll(async () => {
  raw = new PGlite();
  await raw.waitReady;
});

beforeEach(async () => {
  await raw.exec(`
    DEALLOCATE ALL;
    DROP TABLE IF EXISTS people;
    CREATE TABLE people (id int PRIMARY KEY, name text NOT NULL UNIQUE, born timestamptz, tags jsonb);
    INSERT INTO people VALUES (1, 'Ana', '2001-02-03T04:05:06Z', '["a"]'), (2, 'Luis', NULL, NULL);
  `);
  db = withPreparedStatements(raw);
});

afterAll(async () => {
  await raw.close();
});

const SELECT = 'SELECT id, name, born, tags FROM people WHERE id = $1';
const named = async () =>
  (await raw.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map(
    (r) => r.name,
  );

describe('withPreparedStatements', () => {
  it('answers exactly as PGlite does, first unnamed and then from a named statement', async () => {
    const asPglite = await raw.query(SELECT, [1]);
    const first = await db.query(SELECT, [1]);
    expect(await named()).toEqual([]);
    const second = await db.query(SELECT, [1]);
    const third = await db.query(SELECT, [2]);
    expect(await named()).toHaveLength(1);
    expect(first).toEqual(asPglite);
    expect(second).toEqual(asPglite);
    expect(third.rows).toEqual([{ id: 2, name: 'Luis', born: null, tags: null }]);
    expect(second.rows[0]).toEqual({
      id: 1,
      name: 'Ana',
      born: new Date('2001-02-03T04:05:06Z'),
      tags: ['a'],
    });
  });

  it('keeps the caller’s row mode and parsers (as Drizzle passes them)', async () => {
    const options = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };
    const expected = await raw.query(SELECT, [1], options);
    await db.query(SELECT, [1], options);
    const prepared = await db.query(SELECT, [1], options);
    expect(prepared).toEqual(expected);
    expect((prepared.rows[0] as unknown[])[2]).toBe('2001-02-03 04:05:06+00');
  });

  it('serializes parameters by the types PostgreSQL inferred, and counts the rows a write touched', async () => {
    const insert = 'INSERT INTO people (id, name, born, tags) VALUES ($1, $2, $3, $4)';
    await db.query(insert, [3, 'Eva', new Date('2020-01-01T00:00:00Z'), { k: [1] }]);
    const res = await db.query(insert, [4, 'Iván', null, ['x']]);
    expect(res.affectedRows).toBe(1);
    expect(await named()).toHaveLength(1);
    const rows = (await raw.query('SELECT id, born, tags FROM people WHERE id >= 3 ORDER BY id')).rows;
    expect(rows).toEqual([
      { id: 3, born: new Date('2020-01-01T00:00:00Z'), tags: { k: [1] } },
      { id: 4, born: null, tags: ['x'] },
    ]);
  });

  it('throws the database error with its code, and the connection stays usable', async () => {
    const insert = 'INSERT INTO people (id, name) VALUES ($1, $2)';
    await db.query(insert, [5, 'Sol']);
    await expect(db.query(insert, [6, 'Sol'])).rejects.toMatchObject({ code: '23505' });
    expect((await db.query(SELECT, [5])).rows).toHaveLength(1);
    expect((await db.query('SELECT count(*)::int AS n FROM people')).rows).toEqual([{ n: 3 }]);
  });

  it('runs unnamed again when a schema change made the kept plan stale', async () => {
    const all = 'SELECT * FROM people WHERE id = $1';
    await db.query(all, [1]);
    await db.query(all, [1]);
    await raw.exec('ALTER TABLE people ADD COLUMN city text');
    const after = await db.query<Record<string, unknown>>(all, [1]);
    expect(after.rows[0]).toHaveProperty('city', null);
  });

  it('never runs inside a transaction that another caller holds open', async () => {
    await db.query(SELECT, [1]);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = raw.transaction(async (t) => {
      await t.query(`UPDATE people SET name = 'Ana María' WHERE id = 1`);
      await held;
      throw new Error('rolled back');
    });
    const read = db.query<{ name: string }>(SELECT, [1]);
    await new Promise((r) => setTimeout(r, 50));
    release();
    await expect(tx).rejects.toThrow('rolled back');
    expect((await read).rows[0]!.name).toBe('Ana');
  });
});
