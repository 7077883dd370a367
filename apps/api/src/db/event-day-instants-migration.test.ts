// The migration that gave event days their start and end backfills the days a store already
// had: dates and hours read from Spanish labels in Mexico City time, the event's creation
// date (plus the day's position) and 9:00–18:00 otherwise; events get their days' span.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigration as apply,
  migrationFiles as files,
  migrationIndex,
  openEmpty,
  type RawDb,
} from '../../test/migration-db';

const target = migrationIndex('_event_day_instants.sql');

describe('migration: event day instants', () => {
  let db: RawDb;
  beforeAll(async () => {
    expect(target).toBeGreaterThan(0);
    db = await openEmpty();
    for (const file of files.slice(0, target)) await apply(db, file);
  });
  afterAll(() => db.close());

  it('backfills days from their labels, in Mexico City time, before requiring the columns', async () => {
    await db.exec(`
      INSERT INTO products (id, name, price_centavos, category, sub_category, created_at) VALUES
        ('00000000-0000-4000-8000-000000000001', 'Curso', 300000, 'Conferencias', 'Avanzado', '2025-01-10T18:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'Sin fechas', 50000, 'Paneles', 'Basico', '2026-01-10T18:00:00Z'),
        ('00000000-0000-4000-8000-000000000003', 'Vacío', 50000, 'Paneles', 'Basico', '2026-02-01T12:00:00Z');
      INSERT INTO product_days (product_id, label, position) VALUES
        ('00000000-0000-4000-8000-000000000001', 'Jueves 29 de mayo de 2025', 0),
        ('00000000-0000-4000-8000-000000000001', 'Viernes 30 de mayo de 2025, 14:30 a 18:30', 1),
        ('00000000-0000-4000-8000-000000000001', 'Jueves 2 de junio de 2022 (9.00 - 13.00)', 2),
        ('00000000-0000-4000-8000-000000000002', 'Día 1', 0),
        ('00000000-0000-4000-8000-000000000002', 'Martes 3 de marzo', 1),
        ('00000000-0000-4000-8000-000000000002', 'Sábado 31 de febrero de 2026', 2),
        ('00000000-0000-4000-8000-000000000002', 'Cierre 20:00 a 19:00', 3);
    `);
    await apply(db, files[target]!);

    const days = await db.rows<{ label: string; starts_at: Date; ends_at: Date }>(
      'SELECT label, starts_at, ends_at FROM product_days ORDER BY product_id, position',
    );
    const iso = (d: Date) => new Date(d).toISOString();
    expect(days.map((d) => [d.label, iso(d.starts_at), iso(d.ends_at)])).toEqual([
      ['Jueves 29 de mayo de 2025', '2025-05-29T15:00:00.000Z', '2025-05-30T00:00:00.000Z'],
      ['Viernes 30 de mayo de 2025, 14:30 a 18:30', '2025-05-30T20:30:00.000Z', '2025-05-31T00:30:00.000Z'],
      // Summer time (UTC-5) still applied in 2022.
      ['Jueves 2 de junio de 2022 (9.00 - 13.00)', '2022-06-02T14:00:00.000Z', '2022-06-02T18:00:00.000Z'],
      // No date in the label: the creation date (10 January in Mexico City) plus the position.
      ['Día 1', '2026-01-10T15:00:00.000Z', '2026-01-11T00:00:00.000Z'],
      // No year: the year the event was created.
      ['Martes 3 de marzo', '2026-03-03T15:00:00.000Z', '2026-03-04T00:00:00.000Z'],
      // A date that does not exist, and hours that run backwards, fall back.
      ['Sábado 31 de febrero de 2026', '2026-01-12T15:00:00.000Z', '2026-01-13T00:00:00.000Z'],
      ['Cierre 20:00 a 19:00', '2026-01-13T15:00:00.000Z', '2026-01-14T00:00:00.000Z'],
    ]);

    const events = await db.rows<{ name: string; starts_at: Date; ends_at: Date }>(
      'SELECT name, starts_at, ends_at FROM products ORDER BY id',
    );
    expect(events.map((e) => [e.name, iso(e.starts_at), iso(e.ends_at)])).toEqual([
      ['Curso', '2022-06-02T14:00:00.000Z', '2025-05-31T00:30:00.000Z'],
      ['Sin fechas', '2026-01-10T15:00:00.000Z', '2026-03-04T00:00:00.000Z'],
      ['Vacío', '2026-02-01T12:00:00.000Z', '2026-02-01T13:00:00.000Z'],
    ]);

    // From now on both are required and a day must end after it starts.
    await expect(
      db.exec(
        `INSERT INTO product_days (product_id, label, position) VALUES ('00000000-0000-4000-8000-000000000003', 'X', 0)`,
      ),
    ).rejects.toThrow();
    await expect(
      db.exec(
        `INSERT INTO product_days (product_id, label, position, starts_at, ends_at)
         VALUES ('00000000-0000-4000-8000-000000000003', 'X', 0, '2026-01-01T10:00Z', '2026-01-01T10:00Z')`,
      ),
    ).rejects.toThrow();
  });
});
