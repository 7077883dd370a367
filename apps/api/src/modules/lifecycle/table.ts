// The order lifecycle's transition table (docs/lifecycle.md is generated from it and a test
// keeps the two equal). Each action names who may take it, the order states it starts from,
// where the order and its days go, and what it does to money and seats. The functions of
// service.ts check this table first, under the order's row lock: an action the table does not
// allow from the current state is refused (409) and changes nothing.

import { CANCELLATION_CHARGE_PERCENT, type OrderStatus } from '@store/shared/constants';

export type Actor = 'comprador' | 'admin' | 'proveedor' | 'sistema';

export interface Transition {
  /** What the action is, in the docs' words. */
  title: string;
  who: readonly Actor[];
  /** Order states it may start from (empty: it creates the order). */
  from: readonly OrderStatus[];
  /** Where the order goes (a list when it depends on what is left). */
  to: readonly OrderStatus[];
  /** Day rows moved, as from → to. */
  days: string;
  seats: string;
  money: string;
  /** Also refused while a refund of the order waits for the provider. */
  blockedByRefundInFlight?: boolean;
}

export const TRANSITIONS = {
  hold: {
    title: 'Apartar (abrir una orden sin pagar)',
    who: ['comprador'],
    from: [],
    to: ['pendiente'],
    days: '— → pendiente',
    seats: 'toma uno por día (si queda lugar)',
    money: 'uso del cupón apartado',
  },
  claimFree: {
    title: 'Obtener gratis (total 0)',
    who: ['comprador'],
    from: [],
    to: ['pagado'],
    days: '— → pagado',
    seats: 'toma uno por día (si queda lugar)',
    money: 'ninguno',
  },
  pay: {
    title: 'Pagar',
    who: ['comprador', 'proveedor', 'admin'],
    from: ['pendiente'],
    to: ['pagado'],
    days: 'pendiente → pagado',
    seats: 'los conserva',
    money: 'cobro registrado',
  },
  expire: {
    title: 'Vencer (ventana de pago terminada)',
    who: ['sistema'],
    from: ['pendiente'],
    to: ['cancelado'],
    days: 'pendiente → cancelado',
    seats: 'devuelve los de sus días',
    money: 'devuelve el uso del cupón',
  },
  abandon: {
    title: 'Abandonar (el comprador cierra el pago) o rechazo del proveedor',
    who: ['comprador', 'proveedor', 'sistema'],
    from: ['pendiente'],
    to: ['cancelado'],
    days: 'pendiente → cancelado',
    seats: 'devuelve los de sus días',
    money: 'devuelve el uso del cupón',
  },
  payLate: {
    title: 'Pago que llega después de que venció la orden (ficha OXXO, transferencia SPEI)',
    who: ['proveedor'],
    from: ['cancelado'],
    to: ['pagado', 'cancelado'],
    days: 'si todos sus lugares siguen libres: cancelado → pagado; si no, ninguno',
    seats: 'los vuelve a tomar, todos o ninguno',
    money:
      'cobro registrado; si no hay lugar, el importe entero se pide de vuelta al proveedor (un reembolso en curso)',
  },
  closeDuplicate: {
    title: 'Cerrar un pago de días que el comprador ya tiene',
    who: ['sistema'],
    from: ['pendiente'],
    to: ['reembolsado', 'cancelado'],
    days: 'pendiente → reembolsado | cancelado',
    seats: 'devuelve los de sus días',
    money:
      'el cobro entero se pide de vuelta al proveedor: un reembolso en curso que siguen completeRefund, refundInProcess o failRefund (o queda para un reembolso manual)',
  },
  requestRefund: {
    title: 'Pedir un reembolso al proveedor (cancelación del comprador, reembolso del admin)',
    who: ['comprador', 'admin'],
    from: ['pagado'],
    to: ['pagado'],
    days: 'ninguno todavía',
    seats: 'ninguno todavía',
    money: 'reembolso en curso (nunca más de lo pagado menos lo ya reembolsado)',
    blockedByRefundInFlight: true,
  },
  completeRefund: {
    title: 'Reembolso confirmado por el proveedor',
    who: ['proveedor'],
    from: ['pagado', 'reembolso_parcial', 'reembolsado', 'cancelado'],
    to: ['pagado', 'reembolso_parcial', 'reembolsado', 'cancelado'],
    days: 'los días del reembolso: pagado → cancelado (comprador) | reembolsado (admin)',
    seats: 'devuelve los de esos días, una vez',
    money: 'reembolsado += monto',
  },
  refundInProcess: {
    title: 'Reembolso aceptado por el proveedor pero en proceso (PENDING)',
    who: ['proveedor'],
    from: ['pagado', 'reembolso_parcial', 'reembolsado', 'cancelado'],
    to: ['pagado', 'cancelado'],
    days: 'ninguno todavía',
    seats: 'ninguno todavía',
    money:
      'el reembolso sigue en curso con el id del proveedor; termina con completeRefund o failRefund (webhook o consulta)',
  },
  failRefund: {
    title: 'Reembolso rechazado por el proveedor',
    who: ['proveedor'],
    from: ['pagado', 'reembolso_parcial', 'reembolsado', 'cancelado'],
    to: ['pagado', 'cancelado'],
    days: 'ninguno',
    seats: 'ninguno',
    money: 'ninguno (el reembolso queda fallido)',
  },
  cancelFree: {
    title: 'Cancelar días sin dinero que devolver (obtenidos gratis)',
    who: ['comprador'],
    from: ['pagado'],
    to: ['pagado', 'cancelado'],
    days: 'pagado → cancelado',
    seats: 'devuelve los de esos días, una vez',
    money: 'ninguno',
    blockedByRefundInFlight: true,
  },
  adminCancel: {
    title: 'Cancelar la orden (admin)',
    who: ['admin'],
    from: ['pendiente', 'pagado'],
    to: ['cancelado'],
    days: 'pendiente | pagado → cancelado (los transferidos no cambian)',
    seats: 'devuelve solo los de días que los tenían, una vez',
    money: 'devuelve el uso del cupón; el dinero, si lo hubo, se reembolsa aparte',
    blockedByRefundInFlight: true,
  },
  recordRefund: {
    title: 'Registrar un reembolso hecho fuera de la tienda (admin)',
    who: ['admin'],
    from: ['pagado', 'cancelado'],
    to: ['pagado', 'reembolsado', 'cancelado'],
    days: 'con «quitar acceso»: pagado → reembolsado; una orden cancelada con dinero recibido (pago tardío de OXXO) no tiene días',
    seats: 'con «quitar acceso»: devuelve los de esos días, una vez',
    money: 'reembolsado += monto (nunca más de lo que queda)',
    blockedByRefundInFlight: true,
  },
  providerRefund: {
    title: 'Reembolso o contracargo avisado por el proveedor',
    who: ['proveedor'],
    from: ['pagado', 'reembolso_parcial', 'reembolsado', 'cancelado'],
    to: ['pagado', 'reembolsado', 'reembolso_parcial', 'cancelado'],
    days: 'si ya no queda nada pagado: pagado → reembolsado',
    seats: 'devuelve los de esos días, una vez',
    money: 'reembolsado += monto (tope: lo cobrado)',
  },
  transfer: {
    title: 'Transferir un día a un colega',
    who: ['comprador'],
    from: ['pagado'],
    to: ['pagado'],
    days: 'pagado → transferido; una orden nueva del colega: — → pagado',
    seats: 'el lugar pasa al colega (ni se toma ni se devuelve)',
    money: 'ninguno',
    blockedByRefundInFlight: true,
  },
  allowTransfer: {
    title: 'Permitir otra transferencia (admin)',
    who: ['admin'],
    from: ['pagado'],
    to: ['pagado'],
    days: 'ninguno',
    seats: 'ninguno',
    money: 'ninguno',
  },
  holdPlaces: {
    title: 'Apartar lugares para un equipo (orden de grupo sin pagar)',
    who: ['comprador'],
    from: [],
    to: ['pendiente'],
    days: '— → pendiente, una fila por lugar y día, sin asignar',
    seats: 'toma uno por lugar y día (si quedan todos)',
    money: 'uso del cupón apartado',
  },
  assignPlace: {
    title: 'Asignar un lugar de un grupo a una persona',
    who: ['comprador'],
    from: ['pagado'],
    to: ['pagado'],
    days: 'pagado → pagado: sin asignar → asignado',
    seats: 'el lugar queda (ni se toma ni se devuelve)',
    money: 'ninguno',
    blockedByRefundInFlight: true,
  },
  reassignPlace: {
    title: 'Reasignar un lugar no usado antes de que empiece el día',
    who: ['comprador'],
    from: ['pagado'],
    to: ['pagado'],
    days: 'pagado → pagado: asignado → otra persona',
    seats: 'el lugar queda (ni se toma ni se devuelve)',
    money: 'ninguno',
    blockedByRefundInFlight: true,
  },
  cancelPlaces: {
    title: 'Cancelar lugares de un grupo (por los términos)',
    who: ['comprador'],
    from: ['pagado'],
    to: ['pagado'],
    days: 'ninguno todavía (el reembolso los pasa: pagado → cancelado)',
    seats: 'los devuelve el reembolso confirmado, uno por lugar, una vez',
    money: `reembolso en curso por lo pagado por esos lugares menos el ${CANCELLATION_CHARGE_PERCENT} %`,
    blockedByRefundInFlight: true,
  },
} as const satisfies Record<string, Transition>;

export type Action = keyof typeof TRANSITIONS;

/** Whether the table lets `action` start from `status`. */
export function allows(action: Action, status: OrderStatus): boolean {
  return (TRANSITIONS[action].from as readonly OrderStatus[]).includes(status);
}

/** The transition table as the Markdown docs/lifecycle.md holds between its markers. */
export function transitionTableMarkdown(): string {
  const rows = Object.entries(TRANSITIONS).map(([name, t]: [string, Transition]) =>
    [
      `\`${name}\`: ${t.title}`,
      t.who.join(', '),
      t.from.length ? t.from.join(', ') : '—',
      t.to.join(' \\| '),
      t.days.replaceAll('|', '\\|'),
      t.seats,
      t.money + (t.blockedByRefundInFlight ? '; se rechaza con un reembolso en curso' : ''),
    ].join(' | '),
  );
  return [
    '| acción | quién | desde | orden → | días | lugares | dinero |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}
