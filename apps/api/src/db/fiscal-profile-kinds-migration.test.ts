// The migration that gave an account a second fiscal profile (the institution of its last team
// purchase invoiced): every profile an older store kept is the person's own, unchanged; the
// same account may then keep one of each kind, and never two of one kind.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigration,
  migrationFiles,
  migrationIndex,
  openEmpty,
  type RawDb,
} from '../../test/migration-db';

const target = migrationIndex('_fiscal-profile-kinds.sql');
const USER = '00000000-0000-4000-8000-0000000000a1';

describe('migration: fiscal profile kinds', () => {
  let db: RawDb;
  beforeAll(async () => {
    expect(target).toBeGreaterThan(0);
    db = await openEmpty();
    for (const file of migrationFiles.slice(0, target)) await applyMigration(db, file);
  });
  afterAll(() => db.close());

  it('keeps every saved profile as the person’s own and allows one institution beside it', async () => {
    await db.exec(`
      INSERT INTO users (id, name, email, password_hash) VALUES ('${USER}', 'Diana', 'diana@example.com', 'x');
      INSERT INTO fiscal_profiles (user_id, rfc, razon_social, regimen_fiscal, uso_cfdi, codigo_postal) VALUES
        ('${USER}', 'GODE561231GR8', 'DIANA GOMEZ', '612', 'G03', '14080');
    `);
    await applyMigration(db, migrationFiles[target]!);

    expect(await db.rows('SELECT user_id, kind, rfc, razon_social FROM fiscal_profiles')).toEqual([
      { user_id: USER, kind: 'persona', rfc: 'GODE561231GR8', razon_social: 'DIANA GOMEZ' },
    ]);
    await db.exec(`
      INSERT INTO fiscal_profiles (user_id, kind, rfc, razon_social, regimen_fiscal, uso_cfdi, codigo_postal) VALUES
        ('${USER}', 'institucion', 'MAB9307148T4', 'HOSPITAL CARDIOLOGICO DEL BAJIO', '601', 'G03', '06700');
    `);
    const kinds = await db.rows<{ kind: string }>(
      `SELECT kind FROM fiscal_profiles WHERE user_id = '${USER}' ORDER BY kind`,
    );
    expect(kinds.map((r) => r.kind)).toEqual(['persona', 'institucion']);
    await expect(
      db.exec(
        `INSERT INTO fiscal_profiles (user_id, rfc, razon_social, regimen_fiscal, uso_cfdi, codigo_postal) VALUES ('${USER}', 'XAXX010101000', 'OTRA', '616', 'S01', '01000')`,
      ),
    ).rejects.toThrow();
  });
});
