// Texts of the places bought for a team (docs/groups.md), apart from MSG so that the pages
// every visitor loads first do not carry them.

export const GROUP_MSG = {
  groupBuy: 'Comprar para mi equipo',
  groupSignIn: 'Inicia sesión para comprar lugares para tu equipo',
  groupPlacesInvalid: 'Elige cuántos lugares quieres: de 1 a 50.',
  groupDaysRequired: 'Elige al menos un día.',
  groupDayUnknown: 'Ese día no pertenece a este evento.',
  groupDayEnded: 'Uno de los días elegidos ya terminó: quítalo para continuar.',
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
  placeToAdmin:
    'No se puede asignar un lugar a una cuenta de administración: escribe el correo personal de la persona.',
  placeAlreadyHolds:
    'Esa persona ya tiene un lugar de ese día (en esta u otra compra): cada persona puede tener un solo lugar por día.',
  placeRefundInProgress:
    'Hay un reembolso en curso para esta orden: no se pueden asignar lugares hasta que termine. Inténtalo en unos minutos.',
  placeAssigned: 'Listo: asignamos el lugar y le enviamos un correo con su acceso.',
  placeInProgress: 'Otro cambio de este lugar se estaba guardando: revisa la lista e inténtalo de nuevo.',
  placesCsvEmpty: 'La lista está vacía: escribe una línea por persona con nombre y correo.',
  placesCsvTooLong: 'La lista tiene demasiadas líneas: como máximo 200.',
  placesCsvHeader:
    'La primera línea debe tener las columnas nombre,correo (y opcionalmente dia): revisa el encabezado del archivo.',
  placesAssignedMany: 'Listo: asignamos los lugares y enviamos un correo a cada persona.',
  placesNotEnough: 'No quedan lugares sin asignar para todas las personas de la lista.',
  placesCancelNone: 'Elige al menos un lugar para cancelar.',
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

/** A line of a pasted or uploaded list of assignees was refused: nothing was assigned. */
export function placesCsvLine(line: number, problem: string): string {
  const sentence = /[.!?]$/.test(problem) ? problem : `${problem}.`;
  return `Línea ${line}: ${sentence} No se asignó ningún lugar de la lista.`;
}

/** A line of the list names a day the order does not have places of. */
export function placesCsvDay(day: string): string {
  return `el día «${day}» no está en esta orden.`;
}

/** A person appears twice for the same day in one list. */
export function placesCsvDuplicate(email: string): string {
  return `${email} aparece dos veces para el mismo día.`;
}
