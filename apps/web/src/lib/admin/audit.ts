// Audit entries in words: the action's label and a one-line summary of its details.
import {
  ORDER_STATUS_LABELS,
  USER_TYPE_LABELS,
  type OrderStatus,
  type UserType,
} from '@store/shared/constants';
import { AUDIT_ACTION_LABELS, type AdminAuditEntry } from '@store/shared/schemas/admin/audit';
import { money } from './format';

const FIELD_LABELS: Record<string, string> = {
  name: 'nombre',
  description: 'descripción',
  priceCentavos: 'precio',
  images: 'imágenes',
  category: 'categoría',
  subCategory: 'nivel',
  isPresential: 'presencial',
  institutionalPriceCentavos: 'precio institucional',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
function list(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : [];
}

export function auditSummary(entry: AdminAuditEntry): string {
  const d = entry.details;
  const parts: string[] = [];
  if (str(d.name)) parts.push(`«${str(d.name)}»`);
  if (str(d.code)) parts.push(str(d.code));
  if (str(d.email)) parts.push(str(d.email));
  const fields = list(d.fields).map((f) => FIELD_LABELS[f] ?? f);
  if (fields.length) parts.push(`cambió ${fields.join(', ')}`);
  if (list(d.added).length) parts.push(`días nuevos: ${list(d.added).join(', ')}`);
  if (list(d.removed).length) parts.push(`días quitados: ${list(d.removed).join(', ')}`);
  if (Array.isArray(d.renamed) && d.renamed.length) {
    parts.push(
      `renombró ${(d.renamed as { from: string; to: string }[]).map((r) => `«${r.from}» → «${r.to}»`).join(', ')}`,
    );
  }
  if (list(d.updated).length) parts.push(`ajustó ${list(d.updated).join(', ')}`);
  if (str(d.userType))
    parts.push(`tipo: ${USER_TYPE_LABELS[str(d.userType) as UserType] ?? str(d.userType)}`);
  const ut = d.userType as { from?: string; to?: string } | undefined;
  if (ut?.to)
    parts.push(
      `tipo: ${USER_TYPE_LABELS[ut.from as UserType] ?? ut.from} → ${USER_TYPE_LABELS[ut.to as UserType] ?? ut.to}`,
    );
  const role = d.role as { from?: string; to?: string } | undefined;
  if (role?.to) parts.push(role.to === 'admin' ? 'ahora es administrador' : 'ya no es administrador');
  if (typeof d.created === 'number')
    parts.push(`${d.created} cuentas creadas, ${Number(d.skipped ?? 0)} filas omitidas`);
  if (str(d.from) && entry.action === 'order.cancel') {
    parts.push(`estaba ${ORDER_STATUS_LABELS[str(d.from) as OrderStatus]?.toLowerCase() ?? str(d.from)}`);
  }
  if (typeof d.amount === 'number') parts.push(money(d.amount));
  if (entry.action === 'order.refund')
    parts.push(d.revokeAccess === false ? 'conserva el acceso' : 'acceso revocado');
  if (str(d.folio)) parts.push(`folio ${str(d.folio)}`);
  if (str(d.day)) parts.push(`día: ${str(d.day)}`);
  if (str(d.format)) parts.push(str(d.format).toUpperCase());
  if (str(d.note)) parts.push(`nota: ${str(d.note)}`);
  if (entry.action === 'event.signatures_update' && Array.isArray(d.signatures)) {
    const signers = (d.signatures as { name?: unknown; title?: unknown }[]).map(
      (s) => `${str(s.name)} (${str(s.title)})`,
    );
    if (d.set === 'predeterminadas') parts.push('firmas predeterminadas');
    if (signers.length) parts.push(`firman: ${signers.join(', ')}`);
    else parts.push(d.set === 'predeterminadas' ? 'sin firmas' : 'usa las predeterminadas');
  }
  return parts.join(' · ');
}
