// The toast container (docs/product.md → Toasts: 5000 ms, top right) with react-toastify's
// styles, and the checkout line's notice (docs/on-sale.md → The line): their own chunk, loaded
// with the first toast or the first wait in the line (lib/notify.ts).
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@store/shared/constants';
import { CheckoutLineNotice } from '../components/layout/checkout-line-notice';

export function Component() {
  return (
    <>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick />
      <CheckoutLineNotice />
    </>
  );
}
