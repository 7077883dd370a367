// /admin/coupons: every coupon with its terms, uses so far and state.
import { useState } from 'react';
import { Link } from 'react-router';
import { Pencil, Plus, Power, PowerOff } from 'lucide-react';
import { USER_TYPE_LABELS } from '@store/shared/constants';
import type { AdminCoupon } from '@store/shared/schemas/admin/coupons';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useAdminCoupons } from '../../../features/admin/api/get-coupons';
import { useAdminEvents } from '../../../features/admin/api/get-events';
import { useSetCouponActive } from '../../../features/admin/api/set-coupon-active';
import { AdminPageHeader } from '../../../features/admin/components/admin-page-header';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog';
import { DataTable, type Column } from '../../../features/admin/components/data-table';
import { QueryState } from '../../../features/admin/components/query-state';
import { CouponStateBadge } from '../../../features/admin/components/status-badges';
import { formatDateTime } from '@store/shared/domain/time';
import { money } from '../../../features/admin/utils/format';
import { errorMessage, notify } from '../../../lib/notify';

function discountText(c: AdminCoupon): string {
  return c.discountType === 'percent' ? `${c.discountValue} %` : money(c.discountValue);
}

function validity(c: AdminCoupon): string {
  if (c.validFrom && c.validUntil) return `${formatDateTime(c.validFrom)} – ${formatDateTime(c.validUntil)}`;
  if (c.validFrom) return `Desde ${formatDateTime(c.validFrom)}`;
  if (c.validUntil) return `Hasta ${formatDateTime(c.validUntil)}`;
  return 'Sin fechas';
}

export function Component() {
  const coupons = useAdminCoupons();
  const events = useAdminEvents();
  const toggle = useSetCouponActive();
  const [deactivating, setDeactivating] = useState<AdminCoupon | null>(null);
  const eventName = new Map((events.data ?? []).map((e) => [e._id, e.name]));

  const setActive = async (c: AdminCoupon, active: boolean) => {
    try {
      const res = await toggle.mutateAsync({ id: c._id, active });
      notify.success(res.message ?? 'Listo');
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo cambiar el cupón'));
    } finally {
      setDeactivating(null);
    }
  };

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
              onClick={() => setDeactivating(c)}
              aria-label={`Desactivar ${c.code}`}
            >
              <PowerOff aria-hidden="true" className="h-4 w-4" />
              Desactivar
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              disabled={toggle.isPending}
              onClick={() => setActive(c, true)}
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

  return (
    <>
      <AdminPageHeader
        title="Cupones"
        description="Descuentos por porcentaje o monto fijo, por evento y tipo de usuario, con vigencia y límites de uso."
        actions={
          <ButtonLink to="/admin/coupons/new">
            <Plus aria-hidden="true" className="h-4 w-4" />
            Nuevo cupón
          </ButtonLink>
        }
      />
      <QueryState
        query={coupons}
        loadingLabel="Cargando cupones…"
        isEmpty={(d) => d.length === 0}
        empty="Aún no hay cupones."
      >
        {(data) => <DataTable label="Cupones" rows={data} rowKey={(c) => c._id} columns={columns} />}
      </QueryState>
      <ConfirmDialog
        open={deactivating !== null}
        title="¿Desactivar el cupón?"
        description={
          deactivating
            ? `El código ${deactivating.code} dejará de aceptarse en la tienda. Las órdenes que ya lo usaron no cambian.`
            : undefined
        }
        confirmLabel="Desactivar"
        busy={toggle.isPending}
        onConfirm={() => deactivating && setActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      />
    </>
  );
}
