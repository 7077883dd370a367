// /pago/:orderId: the payments feature's page for an order held for cash at OXXO or a SPEI
// transfer (its voucher or transfer data, until it is paid or the window ends), shown at once
// with what the order call answered when the buyer comes from the checkout (location state).
// The page's modules load when it renders: listed here rather than in the route table, they
// stay out of the chunk list that `/` loads (docs/speed.md → Initial JavaScript).
import { lazy } from 'react';
import { useLocation, useParams } from 'react-router';
import type { InstructionsResponse } from '@store/shared/schemas/mx-payments';
import { RequireAuth } from '../../features/account/components/require-auth';

const PaymentPage = lazy(() =>
  import('../../features/payments/components/payment-page').then((m) => ({ default: m.PaymentPage })),
);

export function Component() {
  const { orderId = '' } = useParams();
  const state = useLocation().state as { placed?: InstructionsResponse } | null;
  return (
    <RequireAuth>
      <PaymentPage orderId={orderId} placed={state?.placed} />
    </RequireAuth>
  );
}
