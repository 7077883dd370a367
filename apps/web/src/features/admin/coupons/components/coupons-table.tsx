// The coupons list of /admin/coupons: code, discount, what and whom it applies to, validity,
// uses so far, state, and edit / activate / deactivate.
import { Link } from 'react-router';
import { Pencil, Power, PowerOff } from 'lucide-react';
import { USER_TYPE_LABELS } from '@store/shared/constants';
import type { AdminCoupon } from '@store/shared/schemas/admin/coupons';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { money } from '../../../../lib/admin/format';
import { formatDateTime } from '@store/shared/domain/time';
import { DataTable, type Column } from '../../../../components/admin/data-table';
import { CouponStateBadge } from '../../../../components/admin/status-badges';

function discountText(c: AdminCoupon): string {
  return c.discountType === 'percent' ? `${c.discountValue} %` : money(c.discountValue);
}

function validity(c: AdminCoupon): string {
  if (c.validFrom && c.validUntil) return `${formatDateTime(c.validFrom)} – ${formatDateTime(c.validUntil)}`;
  if (c.validFrom) return `Desde ${formatDateTime(c.validFrom)}`;
  if (c.validUntil) return `Hasta ${formatDateTime(c.validUntil)}`;
  return 'Sin fechas';
}

export interface CouponsTableProps {
  coupons: AdminCoupon[];
  /** Event names by id, for the coupons limited to some events. */
  eventName: ReadonlyMap<string, string>;
  /** While a change is being saved. */
  busy: boolean;
  onActivate: (coupon: AdminCoupon) => void;
  /** Deactivate, to be confirmed. */
  onDeactivate: (coupon: AdminCoupon) => void;
}

export function CouponsTable({ coupons, eventName, busy, onActivate, onDeactivate }: CouponsTableProps) {
  const columns: Column<AdminCoupon>[] = [
    {
      header: 'Código',
      cell: (c) => (
        <>
          <Link
            to={`/admin/coupons/${c._id}`}
            className="font-mono font-semibold text-ink hover:text-brand-700 hover:underline"
          >
            {c.code}
          </Link>
          {c.description && <span className="block max-w-56 text-xs text-slate-500">{c.description}</span>}
        </>
      ),
    },
    { header: 'Descuento', className: 'whitespace-nowrap tabular-nums', cell: discountText },
    {
      header: 'Aplica a',
      className: 'min-w-48 text-sm',
      cell: (c) => (
        <>
          <span className="block">
            {c.productIds.length === 0
              ? 'Toda la orden'
              : c.productIds.map((id) => eventName.get(id) ?? 'Evento eliminado').join(', ')}
          </span>
          <span className="block text-xs text-slate-500">
            {c.userTypes.length === 0
              ? 'Cualquier tipo de usuario'
              : c.userTypes.map((t) => USER_TYPE_LABELS[t]).join(', ')}
          </span>
        </>
      ),
    },
    { header: 'Vigencia', className: 'min-w-40 text-sm', cell: validity },
    {
      header: 'Usos',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (c) => (
        <>
          {c.usedCount}
          {c.maxUses !== null && ` / ${c.maxUses}`}
          {c.maxUsesPerUser !== null && (
            <span className="block text-xs text-slate-500">{c.maxUsesPerUser} por persona</span>
          )}
        </>
      ),
    },
    { header: 'Estado', cell: (c) => <CouponStateBadge state={c.state} /> },
    {
      header: 'Acciones',
      hiddenHeader: true,
      cell: (c) => (
        <div className="flex justify-end gap-1">
          <ButtonLink
            to={`/admin/coupons/${c._id}`}
            variant="ghost"
            size="sm"
            aria-label={`Editar ${c.code}`}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Editar
          </ButtonLink>
          {c.active ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onDeactivate(c)}
              aria-label={`Desactivar ${c.code}`}
            >
              <PowerOff aria-hidden="true" className="h-4 w-4" />
              Desactivar
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => onActivate(c)}
              aria-label={`Activar ${c.code}`}
            >
              <Power aria-hidden="true" className="h-4 w-4" />
              Activar
            </Button>
          )}
        </div>
      ),
    },
  ];

  return <DataTable label="Cupones" rows={coupons} rowKey={(c) => c._id} columns={columns} />;
}
