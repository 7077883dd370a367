import { describe, expect, it } from 'vitest';
import type { AdminAuditEntry } from '@store/shared/schemas/admin/audit';
import { auditActionLabel, auditSummary } from './audit';

const entry = (action: string, details: Record<string, unknown>): AdminAuditEntry => ({
  _id: '1',
  date: 0,
  action,
  entity: 'event',
  entityId: null,
  details,
  actor: null,
});

describe('audit entries in words', () => {
  it('names the views, check-ins, constancias and downloads the back office audits', () => {
    expect(auditActionLabel('member.participant_type_proof_view')).toBe(
      'Vio el comprobante de tipo de participante',
    );
    expect(auditActionLabel('event.checkin')).toBe('Registró la asistencia presencial');
    expect(auditActionLabel('invoice.download')).toBe('Descargó el CFDI de la orden');
    expect(auditActionLabel('invoice.credit_note_download')).toBe('Descargó la nota de crédito de la orden');
  });

  it('names who signs the constancias after a change of signatures', () => {
    expect(auditActionLabel('event.signatures_update')).toBe('Cambió las firmas de la constancia');
    const signatures = [
      { name: 'Dr. Juan Ramírez', title: 'Presidente', image: true },
      { name: 'Dra. Lucía Fernández', title: 'Coordinadora académica', image: false },
    ];
    expect(auditSummary(entry('event.signatures_update', { set: 'evento', signatures, before: [] }))).toBe(
      'firman: Dr. Juan Ramírez (Presidente), Dra. Lucía Fernández (Coordinadora académica)',
    );
    expect(
      auditSummary(entry('event.signatures_update', { set: 'predeterminadas', signatures: [], before: [] })),
    ).toBe('firmas predeterminadas · sin firmas');
    expect(
      auditSummary(entry('event.signatures_update', { set: 'evento', signatures: [], before: [] })),
    ).toBe('usa las predeterminadas');
  });

  it('summarises the person and day of a check-in, the folio of a constancia, the format of a download', () => {
    expect(auditSummary(entry('event.checkin', { name: 'CARLOS PÉREZ', day: 'Jueves', method: 'qr' }))).toBe(
      '«CARLOS PÉREZ» · día: Jueves',
    );
    expect(auditSummary(entry('event.constancia_issue', { folio: 'AB12-CD34-EF56', userId: 'u' }))).toBe(
      'folio AB12-CD34-EF56',
    );
    expect(auditSummary(entry('invoice.download', { invoiceId: 'i', format: 'xml' }))).toBe('XML');
  });
});
