// /admin/coupons/new and /admin/coupons/:couponId.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { AdminCouponInput } from '@store/shared/schemas/admin/coupons';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminCoupon } from '../../../features/admin/coupons/api/get-coupons';
import { useAdminEvents } from '../../../lib/admin/get-events';
import { useSaveCoupon } from '../../../features/admin/coupons/api/save-coupon';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { CouponForm } from '../../../features/admin/coupons/components/coupon-form';
import { CouponStateBadge } from '../../../components/admin/status-badges';
import { errorMessage, notify } from '../../../lib/notify';

export function Component() {
  const { couponId } = useParams();
  const navigate = useNavigate();
  const coupon = useAdminCoupon(couponId);
  const events = useAdminEvents();
  const save = useSaveCoupon(couponId);
  const [serverError, setServerError] = useState<string>();

  const onSubmit = async (payload: AdminCouponInput) => {
    setServerError(undefined);
    try {
      const res = await save.mutateAsync(payload);
      notify.success(res.message ?? 'Guardado');
      navigate('/admin/coupons');
    } catch (err) {
      const message = errorMessage(err, 'No se pudo guardar el cupón');
      setServerError(message);
      notify.error(message);
    }
  };

  const back = (
    <ButtonLink to="/admin/coupons" variant="ghost" size="sm">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Cupones
    </ButtonLink>
  );
  if ((couponId && coupon.isPending) || events.isPending) return <Spinner label="Cargando…" />;
  const loadError = (couponId && coupon.error) || events.error;
  if (loadError) {
    return (
      <>
        <AdminPageHeader title="Cupón" actions={back} />
        <Alert tone="error" live>
          {loadError.message}
        </Alert>
      </>
    );
  }
  return (
    <>
      <AdminPageHeader
        title={coupon.data ? `Cupón ${coupon.data.code}` : 'Nuevo cupón'}
        description={coupon.data ? <CouponStateBadge state={coupon.data.state} /> : undefined}
        actions={back}
      />
      <CouponForm
        coupon={coupon.data}
        events={events.data ?? []}
        onSubmit={onSubmit}
        serverError={serverError}
      />
    </>
  );
}
