// /admin/coupons: every coupon with its terms, uses so far and state.
import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { AdminCoupon } from '@store/shared/schemas/admin/coupons';
import { ButtonLink } from '../../../components/ui/button';
import { useAdminCoupons } from '../../../features/admin/coupons/api/get-coupons';
import { useAdminEvents } from '../../../lib/admin/get-events';
import { useSetCouponActive } from '../../../features/admin/coupons/api/set-coupon-active';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { CouponsTable } from '../../../features/admin/coupons/components/coupons-table';
import { QueryState } from '../../../components/admin/query-state';
import { errorMessage, notify } from '../../../lib/notify';

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
        {(data) => (
          <CouponsTable
            coupons={data}
            eventName={eventName}
            busy={toggle.isPending}
            onActivate={(c) => void setActive(c, true)}
            onDeactivate={setDeactivating}
          />
        )}
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
