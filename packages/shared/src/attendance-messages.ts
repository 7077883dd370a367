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
