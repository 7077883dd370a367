// Texts of the places bought for a team (docs/groups.md), apart from MSG so that the pages
// every visitor loads first do not carry them.

import { CANCELLATION_NOTICE_DAYS } from './constants';

export const GROUP_MSG = {
  groupBuy: 'Comprar para mi equipo',
  groupSignIn: 'Inicia sesión para comprar lugares para tu equipo',
  groupPlacesInvalid: 'Elige cuántos lugares quieres: de 1 a 50.',
  groupDaysRequired: 'Elige al menos un día.',
  groupDayUnknown: 'Ese día no pertenece a este evento.',
  groupDayStarted:
    'Uno de los días elegidos ya empezó: los lugares de un equipo se compran antes de que empiece el día (para poder asignarlos). Quítalo para continuar.',
  groupProductUnavailable: 'Este evento no está a la venta.',
  groupFree:
    'Los lugares de este evento no tienen costo: cada persona puede obtener el suyo desde su cuenta.',
  groupTotalChanged:
    'El total cambió mientras comprabas: revisa los lugares y el total e inténtalo de nuevo; no se hizo ningún cargo.',
  groupNotGroup: 'Esta orden no es una compra de lugares para un equipo.',
  groupNotPaid: 'Los lugares se asignan cuando la orden está pagada.',
  placeNotFound: 'Ese lugar no existe en esta orden.',
  placeNotActive: 'Ese lugar fue cancelado: ya no se puede asignar.',
  placeDayStarted: 'El día de ese lugar ya empezó: ya no se puede asignar ni reasignar.',
  placeUsed: 'Ese lugar ya se usó (registro de asistencia o transmisión vista): ya no se puede reasignar.',
  placeSamePerson: 'Ese lugar ya está asignado a esa persona.',
  // One text for every refusal about the person (an administration account, a day they
  // already attend): the buyer learns nothing about someone else's account.
  placePersonUnavailable:
    'No se puede asignar este lugar a ese correo. Confirma el correo con la persona o elige a otra persona.',
  placesAssignNone: 'Elige al menos un lugar para asignar.',
  placeRefundInProgress:
    'Hay un reembolso en curso para esta orden: no se pueden asignar lugares hasta que termine. Inténtalo en unos minutos.',
  placeAssigned: 'Listo: asignamos el lugar y le enviamos un correo con su acceso.',
  placeInProgress:
    'Otro cambio de este lugar se estaba guardando: revisa la lista (ya muestra quién lo tiene) e inténtalo de nuevo.',
  placesCsvEmpty: 'La lista está vacía: escribe una línea por persona con nombre y correo.',
  placesCsvTooLong: 'La lista tiene demasiadas líneas: como máximo 200.',
  placesCsvNoDay: 'no tiene ningún día marcado con sí.',
  placesCsvHeader:
    'La primera línea debe tener las columnas nombre,correo (y, si quieres elegir días, una columna por día): revisa el encabezado del archivo o descarga la plantilla.',
  placesAssignedMany: 'Listo: asignamos los lugares y enviamos un correo a cada persona.',
  placeReassigned: 'Listo: reasignamos el lugar y avisamos a ambas personas por correo.',
  placesNotEnough: 'No quedan lugares sin asignar para todas las personas de la lista.',
  placesCancelNone: 'Elige al menos un lugar para cancelar.',
  placeCancelWindowClosed: `Ya pasó el plazo para cancelar ese lugar: se puede cancelar hasta ${CANCELLATION_NOTICE_DAYS} días naturales antes de su día. Aún puedes asignarlo o reasignarlo a otra persona hasta que empiece el día.`,
  groupCancelByPlace:
    'Esta es una compra de lugares para un equipo: cancela lugares desde la página de la orden (Lugares del equipo).',
  groupNoTransfer:
    'Los lugares de una compra para un equipo no se transfieren: reasígnalos desde la página de la orden (Lugares del equipo).',
} as const;

/** Fewer seats left than the places asked for (docs/groups.md). */
export function groupSeatsShort(day: string, free: number): string {
  return free <= 0
    ? `«${day}» ya no tiene lugares disponibles.`
    : `«${day}» solo tiene ${free} ${free === 1 ? 'lugar disponible' : 'lugares disponibles'}: elige ${free} o menos.`;
}

/** The account's unpaid team seats of limited days would pass the cap (docs/groups.md → Seats). */
export function groupSeatsUnpaidLimit(max: number): string {
  return `Ya tienes lugares de equipo apartados sin pagar: págalos o cancélalos antes de apartar más (como máximo ${max} lugares sin pagar a la vez, contando cada día).`;
}

/** The network's unpaid team seats of limited days would pass the cap. */
export function groupSeatsNetworkLimit(max: number): string {
  return `Desde tu red ya hay demasiados lugares de equipo apartados sin pagar (como máximo ${max}, contando cada día): completa o cancela alguna compra antes de apartar otra.`;
}

/** A line of a pasted or uploaded list of assignees was refused: nothing was assigned. */
export function placesCsvLine(line: number, problem: string): string {
  const sentence = /[.!?]$/.test(problem) ? problem : `${problem}.`;
  return `Línea ${line}: ${sentence} No se asignó ningún lugar de la lista.`;
}

/** A line of the list names a day the order does not have places of. */
export function placesCsvDay(day: string): string {
  return `el día «${day}» no está en esta orden.`;
}

/** A column of the header is neither nombre, correo nor one of the order's days. */
export function placesCsvColumn(column: string): string {
  return `La columna «${column}» no es un día de esta orden: usa nombre, correo y los días tal como aparecen en la plantilla.`;
}

/** A day column holds something other than sí or no. */
export function placesCsvMark(day: string): string {
  return `en la columna «${day}» escribe sí o no.`;
}

/** A person appears twice for the same day in one list. */
export function placesCsvDuplicate(email: string): string {
  return `${email} aparece dos veces para el mismo día.`;
}
