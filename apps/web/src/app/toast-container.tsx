// The toast container (docs/product.md → Toasts: 5000 ms, top right) with react-toastify's
// styles: its own chunk, loaded with the first toast (lib/notify.ts).
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@store/shared/constants';

export function Component() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick />;
}
