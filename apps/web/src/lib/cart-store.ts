// The local cart (docs/product.md → Cart, Session token): used while there is no token. With a token the
// server cart replaces it (features/cart/hooks/use-cart.ts). Lives in lib, beside the
// token, because logging out (account) must empty it too.
import { useSyncExternalStore } from 'react';
import type { CartData } from '@store/shared/domain/cart';

const listeners = new Set<() => void>();
let current: CartData = {};

export function getLocalCart(): CartData {
  return current;
}

export function setLocalCart(next: CartData): void {
  current = next;
  for (const l of listeners) l();
}

export function clearLocalCart(): void {
  setLocalCart({});
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocalCart(): CartData {
  return useSyncExternalStore(subscribe, getLocalCart, getLocalCart);
}
