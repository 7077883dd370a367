// Toasts (docs/product.md → Toasts): react-toastify with the message as its id, so the same text is
// never stacked twice while it is on screen.
import { toast } from 'react-toastify';

export const notify = {
  success(message: string, id: string = message) {
    toast.success(message, { toastId: id });
  },
  error(message: string, id: string = message) {
    toast.error(message, { toastId: id });
  },
  info(message: string, id: string = message) {
    toast.info(message, { toastId: id });
  },
};

/** The message to show for a failed call: the server's Spanish text or the exception's. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
