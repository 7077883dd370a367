// Toasts (docs/product.md → Toasts): react-toastify with the message as its id, so the same text is
// never stacked twice while it is on screen. The library loads with the first toast, not with
// the page (docs/speed.md → Initial JavaScript): a toast asked for before its container is on
// screen waits in react-toastify's queue and appears when the container mounts. The container
// (app/toast-container.tsx) also holds the checkout line's notice, which mounts it with
// `showNotices` the first time a call waits in the line (lib/checkout-line.ts).
import { createElement, useSyncExternalStore } from 'react';
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

/** A button after the message (e.g. «Ver carrito»); it closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

function withAction(message: string, action: ToastAction) {
  return ({ closeToast }: { closeToast: () => void }) =>
    createElement(
      'div',
      { className: 'flex flex-wrap items-center justify-between gap-x-3 gap-y-1' },
      createElement('span', null, message),
      createElement(
        'button',
        {
          type: 'button',
          className: 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800',
          onClick: (e: { stopPropagation: () => void }) => {
            e.stopPropagation();
            action.onClick();
            closeToast();
          },
        },
        action.label,
      ),
    );
}

export const notify = {
  success(message: string, id: string = message) {
    show('success', message, id);
  },
  /** Takes a toast off the screen (one whose explanation no longer applies). */
  dismiss(id: string) {
    if (toastify)
      void toastify.then(
        ({ toast }) => toast.dismiss(id),
        () => undefined,
      );
  },
  /** A success with one action after its message. */
  successWithAction(message: string, action: ToastAction, id: string = message) {
    showNotices().then(
      ({ toast }) => toast.success(withAction(message, action), { toastId: id }),
      () => undefined,
    );
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
