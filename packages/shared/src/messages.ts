// The Spanish texts of the store (docs/product.md → Validation rules, Messages): the storefront's
// validation and notification texts, then our own wording for the cases they leave open. Client and server both import from here: one constant per text.

export const MSG = {
  // docs/product.md → Validation rules
  emailsDoNotMatch: 'Los correos no coinciden',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  loginRequiredToAdd: 'Por favor inicia sesión para añadir productos al carrito',
  chooseDay: 'Por favor selecciona una opción',
  waitForUserInfo: 'Por favor espere mientras se carga su información',
  alreadyOwned: 'Ya tienes acceso a este producto',

  // docs/product.md → Messages
  genericProcessError: 'Error en el proceso',
  resetRequestError: 'Error al solicitar el restablecimiento',
  resetRequestSent: 'Se ha enviado un enlace a tu correo electrónico',
  resetError: 'Error al restablecer la contraseña',
  resetDone: 'Contraseña actualizada correctamente',
  paymentError: 'Error al procesar el pago',
  paymentDone: 'Pago completado exitosamente',
  freeClaimDone: 'Producto reclamado exitosamente',
  couponError: 'Error al validar el cupón',
  couponWholeOrder: 'Cupón aplicado a toda la orden',
  orderFetchError: 'Error al obtener la orden',
  streamAccessError: 'Error al acceder a la transmisión',
  registerDone: 'Registro exitoso',
  cartAddDone: 'Producto agregado al carrito',
  noStreamForDay: 'No hay transmisión disponible para este día',
  noDaysInfo: 'No hay información de días disponible',
  noStreamInfo: 'No hay información de transmisión disponible',
  routeErrorTitle: 'Unexpected Application Error!',

  // Our own wording for the cases the original storefront left open.
  firstLoginChangePassword: 'Por seguridad, cambia tu contraseña antes de continuar',
  invalidInput: 'Los datos enviados no son válidos',
  unauthorized: 'Inicia sesión para continuar',
  sessionExpired: 'Tu sesión expiró, inicia sesión de nuevo',
  forbidden: 'No tienes permiso para realizar esta acción',
  notFound: 'No encontramos lo que buscas',
  productNotFound: 'El producto no existe o ya no está a la venta',
  orderNotFound: 'La orden no existe',
  rateLimited: 'Demasiados intentos. Espera un momento e inténtalo de nuevo',
  loginLocked:
    'Demasiados intentos fallidos con esta cuenta. Espera una hora o usa «¿Olvidaste tu contraseña?» para restablecerla',
  loggedOutEverywhere: 'Se cerró la sesión en todos los dispositivos',
  serverError: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde',
  payloadTooLarge: 'La solicitud es demasiado grande',
  invalidCredentials: 'Correo o contraseña incorrectos',
  emailTaken: 'Ya existe una cuenta con este correo',
  invalidName: 'El nombre solo puede contener letras (A-Z, Ñ) y espacios',
  invalidEmail: 'Ingresa un correo electrónico válido',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
  passwordTooLong: 'La contraseña no puede tener más de 128 caracteres',
  passwordTooCommon: 'Esa contraseña es demasiado común; elige otra',
  required: 'Este campo es obligatorio',
  numericOnly: 'Solo se permiten números',
  invalidDay: 'La opción seleccionada no existe para este producto',
  seatsSoldOut: 'Ya no hay lugares disponibles para este día',
  /** The product page's add button, when no day left on sale has a seat. */
  eventSoldOut:
    'No quedan lugares en los días a la venta de este evento. Anótate en la lista de espera y te avisaremos por correo si se libera uno.',
  /** The same, for an event sold as a whole (every day goes together). */
  wholeEventSoldOut:
    'Este evento se vende completo y uno de sus días ya no tiene lugares. Anótate en la lista de espera y te avisaremos por correo si se libera uno.',
  dayEnded: 'Este día del evento ya terminó',
  productListStateInvalid: 'El estado debe ser proximos, finalizados o todos',
  emptyCart: 'Tu carrito está vacío',
  cartChanged: 'Tu carrito cambió; revisa tu orden e inténtalo de nuevo',
  notFreeOrder: 'Esta orden tiene costo; elige un método de pago',
  couponInvalid: 'El cupón no es válido',
  couponExpired: 'El cupón ha expirado',
  couponNotYetValid: 'El cupón aún no está vigente',
  couponExhausted: 'El cupón ya alcanzó su límite de usos',
  couponNotForUser: 'El cupón no aplica para tu tipo de usuario',
  couponNotForCart: 'El cupón no aplica a los productos de tu carrito',
  couponAlreadyUsed: 'Ya usaste este cupón el número de veces permitido',
  cashOrderPlaced: 'Orden registrada. Queda pendiente hasta que se confirme tu pago en efectivo',
  resetTokenInvalid: 'El enlace para restablecer la contraseña no es válido o ya expiró',
  loginDone: 'Bienvenido',
  logoutDone: 'Sesión cerrada',
  cartUpdated: 'Carrito actualizado',
  productsLoaded: 'Productos cargados',
  paymentNotConfigured:
    'El pago con PayPal no está disponible en este momento. Inténtalo más tarde o contacta a la asociación.',
  paymentReused: 'Este pago ya fue registrado',
  paymentPendingReview:
    'PayPal dejó tu pago en revisión. Te avisaremos por correo cuando se acredite; no vuelvas a pagar esta orden.',
  paymentCancelled: 'Cancelaste el pago. Tu carrito sigue intacto.',
  paymentVerifying: 'Verificando tu pago…',
  paypalLoading: 'Cargando PayPal…',
  paypalLoadError: 'No se pudo cargar PayPal. Revisa tu conexión y recarga la página.',
  cardPaymentNotConfigured: 'El pago con tarjeta no está disponible en este momento.',
  webhookRejected: 'La notificación no tiene una firma válida',
  freeOrderNoPayment: 'Esta orden es gratuita: usa Reclamar Gratis',
  paymentProcessing: 'Procesando tu pago…',
  // Order and payment protections (issue 10).
  paymentInProgress:
    'Ya tienes un pago en curso para este evento. Termínalo en la otra ventana o espera unos minutos e inténtalo de nuevo.',
  paymentWindowClosed: 'El tiempo para pagar esta orden terminó. Vuelve a intentarlo desde tu carrito.',
  duplicatePaymentRefunded:
    'Ya tenías acceso a este evento: no se te cobró dos veces y PayPal te devolverá el pago.',
  duplicatePaymentRefundNote: 'Ya tenías acceso a este evento; te devolvemos este pago duplicado.',
  checkoutFixAddress: 'Revisa los datos marcados antes de pagar',
  // Storefront: texts for further cases left open.
  alreadyInCart: 'Esta opción ya está en tu carrito',
  networkError: 'No se pudo conectar con el servidor. Revisa tu conexión.',
  productsLoadError: 'No pudimos cargar los eventos. Recarga la página.',
  orderPendingHint:
    'Estamos esperando la confirmación de tu pago. Cuando se acredite, este evento quedará listo aquí; no vuelvas a pagarlo.',
  // Contact form (issue 6).
  contactNameRequired: 'Escribe tu nombre (al menos 2 caracteres)',
  contactNameTooLong: 'El nombre no puede tener más de 120 caracteres',
  contactPhoneInvalid: 'Escribe un teléfono válido (solo números, espacios, +, - y paréntesis)',
  contactTopicInvalid: 'Elige un tema',
  contactMessageTooShort: 'Escribe tu mensaje (al menos 10 caracteres)',
  contactMessageTooLong: 'El mensaje no puede tener más de 2000 caracteres',
  contactConsentRequired: 'Debes aceptar el aviso de privacidad para enviar tu mensaje',
  contactSent: 'Gracias por escribirnos. Recibimos tu mensaje y te responderemos a la brevedad.',
  contactUnavailable:
    'El formulario de contacto no está disponible por ahora. Escríbenos por correo electrónico.',
  contactError: 'No pudimos enviar tu mensaje. Inténtalo de nuevo.',
  // CFDI invoices (docs/cfdi.md).
  rfcInvalidFormat:
    'Escribe un RFC válido: 4 letras (persona física) o 3 (persona moral), la fecha AAMMDD y la homoclave',
  rfcInvalidDate: 'La fecha del RFC (AAMMDD) no es una fecha válida',
  rfcInvalidCheck: 'El RFC no es válido: revisa el último carácter (dígito verificador)',
  razonSocialRequired:
    'Escribe tu nombre o razón social tal como aparece en tu constancia de situación fiscal',
  razonSocialTooLong: 'La razón social no puede tener más de 300 caracteres',
  regimenInvalid: 'Elige tu régimen fiscal',
  usoInvalid: 'Elige el uso del CFDI',
  regimenKindMismatch:
    'Ese régimen fiscal no corresponde al tipo de RFC (persona física: 13 caracteres; persona moral: 12)',
  usoNotAllowed: 'El SAT no permite ese uso del CFDI con el régimen fiscal elegido',
  publicoGeneralOnly:
    'Con el RFC genérico XAXX010101000 el régimen es 616 y el uso S01 (sin efectos fiscales)',
  cpFiscalInvalid: 'El código postal fiscal debe tener 5 dígitos',
  fiscalDataSaved: 'Datos fiscales guardados',
  fiscalDataMissing: 'Guarda tus datos fiscales en Mi cuenta antes de solicitar la factura',
  invoiceRequested: 'Solicitud de factura recibida. Te enviaremos el CFDI por correo.',
  invoiceAlreadyRequested: 'Ya solicitaste la factura de esta orden',
  invoiceOrderNotPaid: 'Solo se puede facturar una orden pagada',
  invoiceMonthClosed:
    'La factura se solicita dentro del mes en que pagaste; el mes de esta orden ya cerró. Escríbenos si necesitas ayuda.',
  invoiceFreeOrder: 'Las órdenes sin costo no se facturan',
  invoiceNotReady: 'El CFDI de esta orden aún no está disponible',
  creditNoteNotReady: 'La nota de crédito de este reembolso aún no está disponible',
  // Attendance and constancias (docs/attendance.md).
  profileSaved: 'Guardamos tus datos profesionales.',
  profileNameInvalid:
    'Escribe tu nombre como debe aparecer en la constancia (2 a 120 letras; se permiten acentos, espacios, puntos, guiones y apóstrofos)',
  profileCedulaInvalid: 'Escribe tu cédula profesional (de 5 a 10 dígitos)',
  profileSpecialtyInvalid: 'Escribe tu especialidad (2 a 120 caracteres)',
  profileInstitutionInvalid: 'Escribe tu institución (2 a 160 caracteres)',
  profileNeeded: 'Completa tus datos profesionales en Mi cuenta para recibir constancias.',
  watchDayNotOwned: 'No tienes acceso a este día: tu tiempo de conexión no se registró.',
  watchOtherDevice:
    'Tu cuenta ya está viendo una transmisión en otro dispositivo; aquí no se registra tu asistencia.',
  ticketInvalid: 'Este código no es un boleto válido.',
  alreadyCheckedIn: 'Ya registrado: esta persona ya había registrado su asistencia a este día.',
  ticketOtherDay: 'Este boleto es de otro día o de otro evento; revisa el día elegido.',
  ticketNotPaid: 'Este boleto ya no da acceso (la orden no está pagada).',
  constanciaNotFound: 'No existe una constancia con este folio.',
  constanciaNotYours: 'Esta constancia no es de tu cuenta.',
  watchAfterDay:
    'Este día ya terminó: el tiempo de conexión solo cuenta mientras el día ocurre, y no se registró.',
  watchDayOver: 'Este día ya terminó: el tiempo de conexión ya no cuenta.',
  evaluationNotFound: 'Este evento no tiene evaluación.',
  evaluationNotYet: 'La evaluación se abre al terminar el evento.',
  evaluationNotAttended:
    'Para responder la evaluación necesitas la asistencia mínima en al menos un día del evento.',
  evaluationAlreadyPassed: 'Ya aprobaste esta evaluación; no hace falta responderla otra vez.',
  evaluationNoAttemptsLeft: 'Ya usaste todos tus intentos de esta evaluación.',
  evaluationAnswersInvalid: 'Responde cada pregunta eligiendo una de sus opciones.',
  evaluationPassed: 'Evaluación aprobada: la asociación emitirá tu constancia y te la enviará por correo.',
  evaluationSurveyDone:
    'Gracias por responder la encuesta: la asociación emitirá tu constancia y te la enviará por correo.',

  // After the sale: cancellation and refund (docs/after-sale.md)
  orderNotCancellable: 'Esta orden ya no se puede cancelar.',
  nothingLeftToCancel:
    'A esta orden ya no le queda ningún día activo: sus días se cancelaron, se reembolsaron o se transfirieron.',
  cancelDayNotActive: 'Ese día ya fue cancelado o transferido.',
  cancelWindowClosed:
    'Ya pasó el plazo para cancelar: se puede cancelar hasta 15 días naturales antes del evento. Según los términos, aún puedes transferir tu lugar a un colega desde Mis Productos (Transferir a un colega).',
  cancelNotOnline:
    'Esta orden no se pagó con PayPal: escríbenos para cancelarla y te ayudaremos con el reembolso.',
  cancelInProgress: 'Ya hay una cancelación en curso para esta orden. Espera unos minutos.',
  orderCancelled: 'Cancelamos tu compra. Te enviamos la confirmación por correo.',
  orderCancelledRefund:
    'Cancelamos tu compra y PayPal te devolverá el reembolso. Te enviamos la confirmación por correo.',
  refundFailed:
    'PayPal no pudo hacer el reembolso. Tu orden sigue pagada y conservas tu acceso; escríbenos para ayudarte.',
  refundPending:
    'No pudimos confirmar el reembolso con PayPal. Tu orden sigue pagada por ahora; lo volveremos a pedir automáticamente en unos minutos.',
  refundInProcess:
    'PayPal recibió tu reembolso y lo está procesando. Cancelaremos tu compra en cuanto lo confirme y te avisaremos por correo.',
  cfdiCancellationPending:
    'Cancelamos este CFDI porque la orden se reembolsó. El SAT te pide aceptar la cancelación en tu buzón tributario; si no respondes en 3 días hábiles, queda cancelado.',
  cfdiCancellationRejected:
    'La cancelación de este CFDI se rechazó en el SAT y sigue vigente. Te escribiremos para resolverlo.',
  cfdiCancelledByLapse: 'El CFDI quedó cancelado: el plazo del SAT para responder a la cancelación terminó.',
  paymentDeclinedRetry:
    'Tu banco rechazó este medio de pago. Elige otra tarjeta u otra forma de pago en PayPal.',
  paymentStillProcessing:
    'PayPal todavía está procesando tu pago. Te avisaremos por correo en cuanto se confirme; no vuelvas a pagar.',
  receiptNotAvailable: 'El recibo está disponible cuando la orden está pagada.',
  cancellationRefundNote: 'Reembolso por cancelación, menos el cargo administrativo del 20 %.',

  // Verified participant types (docs/fees.md → Verified participant types)
  proofRequired: 'Adjunta tu comprobante (PDF, JPG o PNG)',
  proofType: 'El comprobante debe ser un PDF o una imagen JPG o PNG',
  proofTooLarge: 'El comprobante no puede pesar más de 5 MB',
  participantTypeInvalid:
    'Elige un tipo de participante que requiera verificación: especialista, residente, enfermería, estudiante o personal del hospital sede',
  participantTypeAlreadyVerified: 'Ese ya es tu tipo de participante verificado',
  participantTypeRequestOpen:
    'Ya tienes una solicitud en revisión; espera la respuesta o cancélala para enviar otra',
  participantTypeRequestSent:
    'Recibimos tu solicitud: la asociación revisará tu comprobante y te avisará por correo',
  participantTypeRequestCancelled: 'Cancelamos tu solicitud',
  participantTypeNoOpenRequest: 'No tienes una solicitud en revisión',
  // After the sale: transfer of a bought day to a colleague (docs/after-sale.md → Transfers)
} as const;

export type MessageKey = keyof typeof MSG;

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

/** Too many unpaid holds of limited days from one network at once. */
export function holdNetworkLimit(max: number): string {
  return `Desde tu red ya hay ${max} compras de lugares limitados esperando pago. Completa o cancela alguna antes de apartar otra.`;
}
