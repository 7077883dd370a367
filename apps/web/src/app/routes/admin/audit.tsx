// /admin/audit: every change made from the back office (who, when, what), newest first.
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminAuditEntry } from '@store/shared/schemas/admin';
import { Alert } from '../../../components/ui/alert';
import { Select } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { useAudit } from '../../../features/admin/api/get-audit';
import { AdminPageHeader } from '../../../features/admin/components/admin-page-header';
import { Pagination } from '../../../features/admin/components/pagination';
import { auditActionLabel, auditSummary } from '../../../features/admin/utils/audit';
import { formatDateTime } from '../../../features/admin/utils/format';

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

export function Component() {
  const [entity, setEntity] = useState('');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useAudit({
    entity: entity || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  return (
    <>
      <AdminPageHeader
        title="Bitácora"
        description="Cada cambio hecho desde la administración: quién, cuándo y qué."
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
      {isError ? (
        <Alert tone="error" live>
          {error.message}
        </Alert>
      ) : isPending ? (
        <Spinner label="Cargando la bitácora…" />
      ) : data.entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          Sin cambios registrados.
        </p>
      ) : (
        <>
          <Table label="Bitácora">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Fecha</TableHeaderCell>
                <TableHeaderCell>Quién</TableHeaderCell>
                <TableHeaderCell>Qué</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.entries.map((e) => {
                const to = target(e);
                return (
                  <TableRow key={e._id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(e.date)}</TableCell>
                    <TableCell className="max-w-48 truncate">
                      {e.actor?.email ?? 'Cuenta eliminada'}
                    </TableCell>
                    <TableCell className="min-w-64">
                      {to ? (
                        <Link to={to} className="font-medium text-ink hover:text-brand-700 hover:underline">
                          {auditActionLabel(e.action)}
                        </Link>
                      ) : (
                        <span className="font-medium text-ink">{auditActionLabel(e.action)}</span>
                      )}
                      <span className="block text-slate-600">{auditSummary(e)}</span>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
