// The migration that put invoices and credit notes into one table of CFDI documents: every
// invoice arrives as a document of type I and every credit note as one of type E related to
// the invoice it corrects, with the same ids (the provider's idempotency keys and the
// e-mails' dedupe keys), queue state, files and dates; then the old tables are gone.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigration,
  migrationFiles,
  migrationIndex,
  openEmpty,
  type RawDb,
} from '../../test/migration-db';

const target = migrationIndex('_cfdi-documents.sql');
const drop = migrationIndex('_drop-invoices-credit-notes.sql');

const USER = '00000000-0000-4000-8000-0000000000a1';
const ORDER = '00000000-0000-4000-8000-0000000000b1';
const OTHER_ORDER = '00000000-0000-4000-8000-0000000000b2';
const REFUND = '00000000-0000-4000-8000-0000000000c1';
const INVOICE = '00000000-0000-4000-8000-0000000000d1';
const PENDING_INVOICE = '00000000-0000-4000-8000-0000000000d2';
const NOTE = '00000000-0000-4000-8000-0000000000e1';
const CASH_NOTE = '00000000-0000-4000-8000-0000000000e2';

describe('migration: CFDI documents', () => {
  let db: RawDb;
  beforeAll(async () => {
    expect(target).toBeGreaterThan(0);
    expect(drop).toBeGreaterThan(target);
    db = await openEmpty();
    for (const file of migrationFiles.slice(0, target)) await applyMigration(db, file);
  });
  afterAll(() => db.close());

  it('moves every invoice and credit note, each credit note still related to its invoice', async () => {
    await db.exec(`
      INSERT INTO users (id, name, email, password_hash) VALUES ('${USER}', 'Diana', 'diana@example.com', 'x');
      INSERT INTO orders (id, user_id, items, address, subtotal_centavos, fee_centavos, amount_centavos, status, payment, payment_method, paid_at) VALUES
        ('${ORDER}', '${USER}', '[]', '{}', 150000, 5000, 155000, 'pagado', true, 'paypal', '2026-03-02T18:00:00Z'),
        ('${OTHER_ORDER}', '${USER}', '[]', '{}', 80000, 5000, 85000, 'pendiente', false, 'cod', NULL);
      INSERT INTO order_refunds (id, order_id, kind, amount_centavos, status) VALUES
        ('${REFUND}', '${ORDER}', 'admin', 30000, 'completado');
      INSERT INTO invoices (id, order_id, user_id, rfc, razon_social, regimen_fiscal, uso_cfdi, codigo_postal, status, pending_action, cancel_motive, cancellation_status, cancellation_requested_at, provider_id, folio_fiscal, xml_key, pdf_key, attempts, next_attempt_at, last_error, requested_at, stamped_at) VALUES
        ('${INVOICE}', '${ORDER}', '${USER}', 'GODE561231GR8', 'DIANA GOMEZ', '612', 'G03', '14080', 'timbrada', 'cancel', '03', 'rechazada', '2026-03-05T10:00:00Z', 'inv_1', 'AAAAAAAA-1111-4111-8111-111111111111', 'private/cfdi/a.xml', 'private/cfdi/a.pdf', 2, '2026-03-06T10:00:00Z', 'El receptor rechazó la cancelación', '2026-03-02T18:05:00Z', '2026-03-02T18:06:00Z'),
        ('${PENDING_INVOICE}', '${OTHER_ORDER}', '${USER}', 'XAXX010101000', 'PUBLICO EN GENERAL', '616', 'S01', '01000', 'solicitada', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, '2026-03-07T10:00:00Z', NULL, '2026-03-07T10:00:00Z', NULL);
      INSERT INTO credit_notes (id, invoice_id, order_id, refund_id, amount_centavos, status, pending_action, provider_id, folio_fiscal, xml_key, pdf_key, attempts, next_attempt_at, last_error, created_at, stamped_at) VALUES
        ('${NOTE}', '${INVOICE}', '${ORDER}', '${REFUND}', 30000, 'timbrada', NULL, 'inv_2', 'BBBBBBBB-2222-4222-8222-222222222222', 'private/cfdi/b.xml', 'private/cfdi/b.pdf', 0, '2026-03-04T10:00:00Z', NULL, '2026-03-04T09:00:00Z', '2026-03-04T09:01:00Z'),
        ('${CASH_NOTE}', '${INVOICE}', '${ORDER}', NULL, 12000, 'error', NULL, NULL, NULL, NULL, NULL, 3, '2026-03-05T10:00:00Z', 'Forma de pago no válida', '2026-03-05T09:00:00Z', NULL);
    `);
    await applyMigration(db, migrationFiles[target]!);
    for (const file of migrationFiles.slice(target + 1, drop + 1)) await applyMigration(db, file);

    const docs = await db.rows<Record<string, unknown>>(`
      SELECT id, kind, related_document_id, order_id, user_id, refund_id, amount_centavos, rfc,
             razon_social, regimen_fiscal, uso_cfdi, codigo_postal, status, pending_action,
             cancel_motive, cancellation_status, provider_id, folio_fiscal, xml_key, pdf_key,
             attempts, last_error, requested_at, stamped_at
      FROM cfdi_documents ORDER BY id`);
    const iso = (v: unknown) => (v === null ? null : new Date(v as string).toISOString());
    expect(
      docs.map((d) => ({ ...d, requested_at: iso(d.requested_at), stamped_at: iso(d.stamped_at) })),
    ).toEqual([
      {
        id: INVOICE,
        kind: 'I',
        related_document_id: null,
        order_id: ORDER,
        user_id: USER,
        refund_id: null,
        amount_centavos: null,
        rfc: 'GODE561231GR8',
        razon_social: 'DIANA GOMEZ',
        regimen_fiscal: '612',
        uso_cfdi: 'G03',
        codigo_postal: '14080',
        status: 'timbrada',
        pending_action: 'cancel',
        cancel_motive: '03',
        cancellation_status: 'rechazada',
        provider_id: 'inv_1',
        folio_fiscal: 'AAAAAAAA-1111-4111-8111-111111111111',
        xml_key: 'private/cfdi/a.xml',
        pdf_key: 'private/cfdi/a.pdf',
        attempts: 2,
        last_error: 'El receptor rechazó la cancelación',
        requested_at: '2026-03-02T18:05:00.000Z',
        stamped_at: '2026-03-02T18:06:00.000Z',
      },
      expect.objectContaining({
        id: PENDING_INVOICE,
        kind: 'I',
        related_document_id: null,
        order_id: OTHER_ORDER,
        rfc: 'XAXX010101000',
        status: 'solicitada',
        pending_action: null,
        provider_id: null,
        requested_at: '2026-03-07T10:00:00.000Z',
      }),
      {
        id: NOTE,
        kind: 'E',
        related_document_id: INVOICE,
        order_id: ORDER,
        // The receiver and the buyer are the invoice's.
        user_id: USER,
        refund_id: REFUND,
        amount_centavos: 30000,
        rfc: 'GODE561231GR8',
        razon_social: 'DIANA GOMEZ',
        regimen_fiscal: '612',
        uso_cfdi: 'G03',
        codigo_postal: '14080',
        status: 'timbrada',
        pending_action: null,
        cancel_motive: null,
        cancellation_status: null,
        provider_id: 'inv_2',
        folio_fiscal: 'BBBBBBBB-2222-4222-8222-222222222222',
        xml_key: 'private/cfdi/b.xml',
        pdf_key: 'private/cfdi/b.pdf',
        attempts: 0,
        last_error: null,
        requested_at: '2026-03-04T09:00:00.000Z',
        stamped_at: '2026-03-04T09:01:00.000Z',
      },
      expect.objectContaining({
        id: CASH_NOTE,
        kind: 'E',
        related_document_id: INVOICE,
        refund_id: null,
        amount_centavos: 12000,
        status: 'error',
        attempts: 3,
        last_error: 'Forma de pago no válida',
        requested_at: '2026-03-05T09:00:00.000Z',
      }),
    ]);

    const left = await db.rows<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_name IN ('invoices', 'credit_notes')`,
    );
    expect(left).toEqual([]);

    // From now on an order has one invoice, and a credit note needs the invoice it corrects.
    await expect(
      db.exec(
        `INSERT INTO cfdi_documents (kind, order_id, user_id, rfc, razon_social, regimen_fiscal, uso_cfdi, codigo_postal)
         VALUES ('I', '${ORDER}', '${USER}', 'GODE561231GR8', 'DIANA GOMEZ', '612', 'G03', '14080')`,
      ),
    ).rejects.toThrow();
    await expect(
      db.exec(
        `INSERT INTO cfdi_documents (kind, order_id, user_id, amount_centavos, rfc, razon_social, regimen_fiscal, uso_cfdi, codigo_postal)
         VALUES ('E', '${ORDER}', '${USER}', 100, 'GODE561231GR8', 'DIANA GOMEZ', '612', 'G03', '14080')`,
      ),
    ).rejects.toThrow();
  });
});
