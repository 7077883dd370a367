// /admin/audit: every change made from the back office (who, when, what), newest first.
import { useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_SYSTEM_ACTOR, type AdminAuditEntry } from '@store/shared/schemas/admin/audit';
import { Select } from '../../../components/ui/input';
import { useAudit } from '../../../features/admin/audit/api/get-audit';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { DataTable, type Column } from '../../../components/admin/data-table';
import { Pagination } from '../../../components/admin/pagination';
import { QueryState } from '../../../components/admin/query-state';
import { auditActionLabel, auditSummary } from '../../../lib/admin/audit';
import { formatDateTime } from '@store/shared/domain/time';

const ENTITIES = [
  ['', 'Todo'],
  ['order', 'Órdenes'],
  ['event', 'Eventos'],
  ['coupon', 'Cupones'],
  ['member', 'Miembros'],
  ['upload', 'Imágenes'],
] as const;
const PAGE_SIZE = 50;

function target(e: AdminAuditEntry): string | null {
  if (!e.entityId) return null;
  if (e.entity === 'order') return `/admin/orders/${e.entityId}`;
  if (e.entity === 'event') return `/admin/events/${e.entityId}`;
  if (e.entity === 'coupon') return `/admin/coupons/${e.entityId}`;
  return null;
}

const COLUMNS: Column<AdminAuditEntry>[] = [
  { header: 'Fecha', className: 'whitespace-nowrap', cell: (e) => formatDateTime(e.date) },
  { header: 'Quién', className: 'max-w-48 truncate', cell: (e) => e.actor?.email ?? AUDIT_SYSTEM_ACTOR },
  {
    header: 'Qué',
    className: 'min-w-64',
    cell: (e) => {
      const to = target(e);
      return (
        <>
          {to ? (
            <Link to={to} className="font-medium text-ink hover:text-brand-700 hover:underline">
              {auditActionLabel(e.action)}
            </Link>
          ) : (
            <span className="font-medium text-ink">{auditActionLabel(e.action)}</span>
          )}
          <span className="block text-slate-600">{auditSummary(e)}</span>
        </>
      );
    },
  },
];

export function Component() {
  const [entity, setEntity] = useState('');
  const [page, setPage] = useState(1);
  const audit = useAudit({
    entity: entity || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  return (
    <>
      <AdminPageHeader
        title="Bitácora"
        description="Cada cambio hecho desde la administración, y quién vio o descargó datos privados: quién, cuándo y qué."
        actions={
          <Select
            aria-label="Tipo de cambio"
            value={entity}
            onChange={(e) => {
              setEntity(e.target.value);
              setPage(1);
            }}
            className="w-44"
          >
            {ENTITIES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </Select>
        }
      />
      <QueryState
        query={audit}
        loadingLabel="Cargando la bitácora…"
        isEmpty={(d) => d.entries.length === 0}
        empty="Sin cambios registrados."
      >
        {(data) => (
          <>
            <DataTable label="Bitácora" rows={data.entries} rowKey={(e) => e._id} columns={COLUMNS} />
            <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
