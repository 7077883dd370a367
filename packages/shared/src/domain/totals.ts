// Order totals (docs/product.md → Totals): total = subtotal − discount + service fee; zero (GRATIS) when
// the amount after discount is 0. Centavos in, centavos out.

import { SERVICE_FEE_CENTAVOS } from '../constants';

export interface Totals {
  subtotal: number;
  discount: number;
  /** 0 when free. */
  fee: number;
  total: number;
  isFree: boolean;
}

export function computeTotals(subtotal: number, discount = 0, fee = SERVICE_FEE_CENTAVOS): Totals {
  const safeDiscount = Math.min(Math.max(0, discount), Math.max(0, subtotal));
  const afterDiscount = Math.max(0, subtotal - safeDiscount);
  const isFree = afterDiscount === 0;
  const appliedFee = isFree ? 0 : fee;
  return {
    subtotal,
    discount: safeDiscount,
    fee: appliedFee,
    total: isFree ? 0 : afterDiscount + appliedFee,
    isFree,
  };
}
