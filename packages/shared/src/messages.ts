// The Spanish texts of the store (docs/product.md → Validation rules, Messages): the storefront's
// validation and notification texts, then our own wording for the cases they leave open. Client
// and server both import from here: one constant per text, and a function for each text that
// takes a value.

// One named export per text (./message-texts) gathered as a namespace: `MSG.key` reads as an
// object's property would, and a bundler keeps only the texts a bundle reads (the store's first
// page needs a handful of them, not all).
export * as MSG from './message-texts';
import type * as Texts from './message-texts';

export type MessageKey = keyof typeof Texts;

/** 'Cupón aplicado a {n} producto(s)' (docs/product.md → Messages). */
export function couponAppliedToProducts(n: number): string {
  return `Cupón aplicado a ${n} producto(s)`;
}

/** Cart lines whose day ended: named, so the buyer knows what to remove before paying. */
export function cartDaysEnded(lines: readonly { name: string; day: string }[]): string {
  const names = lines.map((l) => `«${l.day}» de «${l.name}»`);
  return lines.length === 1
    ? `${names[0]} ya terminó; quítalo de tu carrito para continuar`
    : `Estos días ya terminaron: ${names.join(', ')}; quítalos de tu carrito para continuar`;
}

// The fee schedule (docs/fees.md).

/** An event sold as a whole is in the cart without every one of its days. */
export function wholeEventRequired(name: string): string {
  return `«${name}» se vende completo: agrega todos sus días a tu carrito para continuar`;
}

/** A line whose prerequisite event the buyer neither holds nor has in the same order. */
export function prerequisiteMissing(name: string, required: string): string {
  return `Para inscribirte a «${name}» necesitas la inscripción a «${required}»: agrégalo a tu carrito o inscríbete primero`;
}

/** The price changed (a dated step ended) between the quote the buyer saw and the order. */
export function priceStepChanged(totalLabel: string): string {
  return `La tarifa cambió mientras pagabas (terminó el periodo de preventa): el nuevo total es ${totalLabel}. Revisa tu orden e inténtalo de nuevo; no se hizo ningún cargo`;
}

/** The member's place in a day's waiting list. */
export function waitlistPosition(position: number): string {
  return `Estás en la lista de espera (posición ${position})`;
}

/** A hold of a limited day that expired unpaid cannot be renewed at once (docs/lifecycle.md → Holds). */
export function holdRenewalWait(minutes: number): string {
  return `Tu apartado anterior de este lugar venció sin pago. Para que otras personas también puedan comprarlo, podrás apartarlo de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/**
 * The checkout line (docs/on-sale.md): shown while a checkout call waits its turn because the
 * store is at its limit of checkouts at once. `ahead`: people before this buyer.
 */
export function checkoutLinePosition(ahead: number): string {
  if (ahead <= 0) return 'Hay mucha demanda: eres la siguiente persona en la fila. No cierres esta página.';
  return `Hay mucha demanda: estás en la fila, ${ahead} ${ahead === 1 ? 'persona' : 'personas'} antes que tú. No cierres esta página.`;
}

/** Too many unpaid holds of limited days from one network at once. */
export function holdNetworkLimit(max: number): string {
  return `Desde tu red ya hay ${max} compras de lugares limitados esperando pago. Completa o cancela alguna antes de apartar otra.`;
}
