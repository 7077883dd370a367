// /pago/:orderId: the payments feature's page for an order held for cash at OXXO or a SPEI
// transfer (its voucher or transfer data, until it is paid or the window ends).
import { useParams } from 'react-router';
import { RequireAuth } from '../../features/account/components/require-auth';
import { PaymentPage } from '../../features/payments/components/payment-page';

export function Component() {
  const { orderId = '' } = useParams();
  return (
    <RequireAuth>
      <PaymentPage orderId={orderId} />
    </RequireAuth>
  );
}
