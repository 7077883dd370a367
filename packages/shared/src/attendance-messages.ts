// Texts of attendance and evaluations (docs/attendance.md), apart from MSG so that the pages
// every visitor loads first do not carry them.

/** A ticket is valid only on its own day (Mexico City date); this names that date. */
export function ticketNotToday(date: string): string {
  return `Este boleto es del ${date}; solo se registra ese día.`;
}

/** Heartbeats before the day's window opens credit nothing; this says when they start to count. */
export function watchBeforeDay(when: string): string {
  return `Este día aún no empieza: tu tiempo de conexión empieza a contar el ${when}.`;
}

/** Under the player of a day not yet under way: when its time starts to count. */
export function watchCreditStarts(when: string): string {
  return `Tu tiempo de conexión empieza a contar el ${when}.`;
}

/** 'te quedan 2 intentos', 'te queda 1 intento', 'ya no te quedan intentos'. */
export function attemptsLeftText(left: number): string {
  if (left <= 0) return 'ya no te quedan intentos';
  return left === 1 ? 'te queda 1 intento' : `te quedan ${left} intentos`;
}

/** An exam attempt under the pass mark. */
export function evaluationFailed(score: number, pass: number, left: number): string {
  const rest = attemptsLeftText(left);
  // A no-break space keeps '80 %' on one line.
  return `Obtuviste ${score}\u00a0% y se necesita ${pass}\u00a0%: ${rest}.`;
}

/** Where a member stands in an event's evaluation, as Mi cuenta shows it. */
export function evaluationStateText(
  state:
    'pendiente_evento' | 'sin_asistencia' | 'por_responder' | 'aprobada' | 'no_aprobada' | 'sin_intentos',
  attemptsLeft: number,
  opensAt: string,
): string {
  switch (state) {
    case 'pendiente_evento':
      return `La evaluación se abre al terminar el evento (${opensAt}).`;
    case 'sin_asistencia':
      return 'No alcanzaste la asistencia mínima en ningún día: no puedes responderla.';
    case 'por_responder':
      return 'Asistencia suficiente — responde la evaluación';
    case 'aprobada':
      return 'Aprobada';
    case 'no_aprobada':
    case 'sin_intentos':
      return `No aprobada (${attemptsLeftText(attemptsLeft)})`;
  }
}

/**
 * One day's attendance in words, as the member and the staff see it: «312 de 360 min; se
 * necesitan 288» for a day that did not count. `checkedInTime` is the door check-in's time
 * (HH:MM, Mexico City) and `note` the staff's reason for a correction.
 */
export function dayVerdictText(
  v: {
    reason: 'puerta' | 'en_linea' | 'correccion' | 'retirada' | 'insuficiente' | 'en_curso';
    watchedMinutes: number;
    lengthMinutes: number;
    requiredMinutes: number;
  },
  extra: { checkedInTime?: string | null; note?: string | null } = {},
): string {
  const minutes = `${v.watchedMinutes} de ${v.lengthMinutes} min`;
  switch (v.reason) {
    case 'puerta':
      return extra.checkedInTime
        ? `Cuenta: registro en puerta a las ${extra.checkedInTime}`
        : 'Cuenta: registro en puerta';
    case 'en_linea':
      return `Cuenta: ${minutes} en línea; se necesitaban ${v.requiredMinutes}`;
    case 'correccion':
      return `Cuenta por corrección del personal${extra.note ? `: ${extra.note}` : ''}`;
    case 'retirada':
      return `No cuenta: el personal retiró la asistencia${extra.note ? ` (${extra.note})` : ''}`;
    case 'en_curso':
      return `En curso: ${minutes}; se necesitan ${v.requiredMinutes}`;
    case 'insuficiente':
      return `${minutes}; se necesitan ${v.requiredMinutes}`;
  }
}

/** Where a member's constancia of an event stands, as Mis Productos says it. */
export function constanciaStatusText(
  status:
    'emitida' | 'en_curso' | 'sin_datos' | 'sin_asistencia' | 'sin_evaluacion' | 'por_emitir' | 'a_mano',
  folio: string | null,
): string {
  switch (status) {
    case 'emitida':
      return `Constancia emitida${folio ? ` (folio ${folio})` : ''}`;
    case 'en_curso':
      return 'El evento sigue en curso: la constancia se emite al cerrar su último día.';
    case 'sin_datos':
      return 'Completa tus «Datos para constancias» en Mi cuenta para recibir la constancia.';
    case 'sin_asistencia':
      return 'Ningún día alcanzó la asistencia mínima: no hay constancia que emitir.';
    case 'sin_evaluacion':
      return 'Responde y aprueba la evaluación en Mi cuenta para recibir la constancia.';
    case 'por_emitir':
      return 'Cumples los requisitos: tu constancia se emite y se envía por correo en unos minutos.';
    case 'a_mano':
      return 'Cumples los requisitos: la asociación emitirá tu constancia.';
  }
}
