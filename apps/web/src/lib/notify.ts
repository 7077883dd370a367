// Toasts (docs/product.md → Toasts): react-toastify with the message as its id, so the same text is
// never stacked twice while it is on screen. The library loads with the first toast, not with
// the page (docs/speed.md → Initial JavaScript): a toast asked for before its container is on
// screen waits in react-toastify's queue and appears when the container mounts. The container
// (app/toast-container.tsx) also holds the checkout line's notice, which mounts it with
// `showNotices` the first time a call waits in the line (lib/checkout-line.ts).
import { useSyncExternalStore } from 'react';
import type * as ReactToastify from 'react-toastify';

type Toastify = typeof ReactToastify;

let toastify: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

/** Loads the toasts and mounts their container (with the checkout line's notice). */
export function showNotices(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    for (const listener of listeners) listener();
  }
  return toastify;
}

function show(kind: 'success' | 'error' | 'info', message: string, id: string) {
  showNotices().then(
    ({ toast }) => toast[kind](message, { toastId: id }),
    // The chunk could not be loaded (network down, new deploy): nothing else to show it with.
    () => undefined,
  );
}

export const notify = {
  success(message: string, id: string = message) {
    show('success', message, id);
  },
  error(message: string, id: string = message) {
    show('error', message, id);
  },
  info(message: string, id: string = message) {
    show('info', message, id);
  },
};

/** Whether a toast was asked for yet: the toast container mounts from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toastify !== undefined,
    () => false,
  );
}

/** The message to show for a failed call: the server's Spanish text or the exception's. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
