// Texts of transfers and the waiting list (docs/after-sale.md), apart from MSG so that the
// pages every visitor loads first do not carry them.

import { CANCELLATION_NOTICE_DAYS } from './constants';

export const AFTER_SALE_MSG = {
  /** A day of an event sold as a whole cannot be cancelled alone: the registration is one. */
  cancelWholeEventOnly: (event: string) =>
    `«${event}» se vende completo: su inscripción se cancela entera, con todos sus días, no por día.`,
  transferBeforeWindow: `Todavía estás a tiempo de cancelar este día (hasta ${CANCELLATION_NOTICE_DAYS} días naturales antes): cancélalo desde Cancelar compra. La transferencia a un colega se habilita cuando ya no se puede cancelar.`,
  transferDayEnded: 'Este día ya terminó: ya no se puede transferir.',
  transferDayNotActive: 'Este día ya no está a tu nombre (fue cancelado o transferido).',
  transferLimitReached:
    'Este día ya se transfirió una vez. Si necesitas transferirlo de nuevo, escríbenos y la asociación lo autorizará.',
  transferToSelf: 'No puedes transferirte un día a ti mismo: escribe el correo de tu colega.',
  transferAlreadyHolds: 'Esa persona ya tiene este día (pagado o pendiente de pago): elige a otro colega.',
  transferToAdmin:
    'No se puede transferir a una cuenta de administración: escribe el correo personal de tu colega.',
  transferConfirmRequired: 'Confirma que entiendes que perderás el acceso a este día.',
  transferInProgress:
    'Este día se está transfiriendo en este momento. Revisa Mis Productos en unos segundos.',
  transferRefundInProgress:
    'Hay un reembolso en curso para esta orden: no se puede transferir hasta que termine. Revisa Mis Productos en unos minutos.',
  transferDone: 'Listo: transferimos el día a tu colega y le enviamos un correo con su acceso.',
  waitlistJoin: 'Avísame si se libera un lugar',
  waitlistLeave: 'Salir de la lista',
  waitlistSignIn: 'Inicia sesión para unirte a la lista de espera',
  waitlistJoined: 'Te anotamos en la lista de espera. Te avisaremos por correo si se libera un lugar.',
  waitlistLeft: 'Saliste de la lista de espera.',
  waitlistNotSoldOut: 'Este día todavía tiene lugares: puedes agregarlo a tu carrito.',
  waitlistNoLimit: 'Este día no tiene cupo limitado: puedes agregarlo a tu carrito.',
  waitlistAlreadyJoined: 'Ya estás en la lista de espera de este día.',
  waitlistHoldsDay: 'Ya tienes este día en una orden; no necesitas la lista de espera.',
  waitlistNotJoined: 'No estás en la lista de espera de este día.',
  waitlistClaimInvalid: 'Este enlace de la lista de espera no es válido.',
  waitlistClaimNotYours:
    'Este lugar se ofreció a otra persona de la lista de espera; solo ella puede reclamarlo con su cuenta.',
  waitlistOfferExpired:
    'La oferta de este lugar venció (tenías 24 horas para reclamarlo) y pasó a la siguiente persona de la lista.',
  waitlistOfferWithdrawn: 'Saliste de la lista de espera, así que esta oferta ya no está disponible.',
  waitlistAlreadyClaimed: 'Ya reclamaste este lugar: lo encuentras en Mis Productos.',
  waitlistClaimed: 'Te guardamos el lugar: completa el pago antes de que venza la oferta.',
} as const;
