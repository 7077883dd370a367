// The Spanish texts of the store that take no value, one constant each (docs/product.md →
// Validation rules, Messages, then our own wording). Read them as `MSG.key` through the
// namespace ./messages exports: a bundle then holds only the texts its code reads.

import { CANCELLATION_CHARGE_PERCENT, CANCELLATION_NOTICE_DAYS } from './constants';

// docs/product.md → Validation rules
export const emailsDoNotMatch = 'Los correos no coinciden';
export const passwordsDoNotMatch = 'Las contraseñas no coinciden';
export const loginRequiredToAdd =
  'Inicia sesión o regístrate para agregar al carrito: guardamos tu elección y volverás a esta página';
export const chooseDay = 'Por favor selecciona una opción';
export const waitForUserInfo = 'Por favor espere mientras se carga su información';
export const alreadyOwned = 'Ya tienes acceso a este producto';

// docs/product.md → Messages
export const genericProcessError = 'Error en el proceso';
export const resetRequestError = 'Error al solicitar el restablecimiento';
export const resetRequestSent =
  'Se ha enviado un enlace a tu correo electrónico. Si no lo ves en unos minutos, revisa tu carpeta de spam o correo no deseado';
export const resetError = 'Error al restablecer la contraseña';
export const resetDone = 'Contraseña actualizada correctamente';
export const paymentError = 'Error al procesar el pago';
export const paymentDone = 'Pago completado exitosamente';
export const freeClaimDone = 'Producto reclamado exitosamente';
export const couponError = 'Error al validar el cupón';
export const couponWholeOrder = 'Cupón aplicado a toda la orden';
export const orderFetchError = 'Error al obtener la orden';
export const streamAccessError = 'Error al acceder a la transmisión';
export const registerDone = 'Registro exitoso';
export const cartAddDone = 'Producto agregado al carrito';
export const noStreamForDay = 'No hay transmisión disponible para este día';
export const noDaysInfo = 'No hay información de días disponible';
export const noStreamInfo = 'No hay información de transmisión disponible';
export const routeErrorTitle = 'Unexpected Application Error!';

// Our own wording for the cases the original storefront left open.
export const firstLoginChangePassword = 'Por seguridad, cambia tu contraseña antes de continuar';
export const invalidInput = 'Los datos enviados no son válidos';
export const unauthorized = 'Inicia sesión para continuar';
export const sessionExpired = 'Tu sesión expiró, inicia sesión de nuevo';
export const forbidden = 'No tienes permiso para realizar esta acción';
export const notFound = 'No encontramos lo que buscas';
export const productNotFound = 'El producto no existe o ya no está a la venta';
export const orderNotFound = 'La orden no existe';
export const rateLimited = 'Demasiados intentos. Espera un momento e inténtalo de nuevo';
export const loginLocked =
  'Demasiados intentos fallidos con esta cuenta. Espera una hora o usa «¿Olvidaste tu contraseña?» para restablecerla';
export const loggedOutEverywhere = 'Se cerró la sesión en todos los dispositivos';
export const serverError = 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde';
export const payloadTooLarge = 'La solicitud es demasiado grande';
export const invalidCredentials = 'Correo o contraseña incorrectos';
export const emailTaken = 'Ya existe una cuenta con este correo';
export const invalidName = 'El nombre solo puede contener letras (A-Z, Ñ) y espacios';
export const nameRequired = 'Escribe tu nombre completo';
export const invalidEmail = 'Ingresa un correo electrónico válido';
export const passwordTooShort = 'La contraseña debe tener al menos 8 caracteres';
export const passwordTooLong = 'La contraseña no puede tener más de 128 caracteres';
export const passwordTooCommon = 'Esa contraseña es demasiado común; elige otra';
export const required = 'Este campo es obligatorio';
export const numericOnly = 'Solo se permiten números';
export const invalidDay = 'La opción seleccionada no existe para este producto';
export const seatsSoldOut = 'Ya no hay lugares disponibles para este día';
/** The product page's add button, when no day left on sale has a seat. */
export const eventSoldOut =
  'No quedan lugares en los días a la venta de este evento. Anótate en la lista de espera y te avisaremos por correo si se libera uno.';
/** The same, for an event sold as a whole (every day goes together). */
export const wholeEventSoldOut =
  'Este evento se vende completo y uno de sus días ya no tiene lugares. Anótate en la lista de espera y te avisaremos por correo si se libera uno.';
export const dayEnded = 'Este día del evento ya terminó';
export const productListStateInvalid = 'El estado debe ser proximos, finalizados o todos';
export const emptyCart = 'Tu carrito está vacío';
export const cartChanged = 'Tu carrito cambió; revisa tu orden e inténtalo de nuevo';
export const notFreeOrder = 'Esta orden tiene costo; elige un método de pago';
/**
 * One text for every code a guesser must not tell apart (docs/product.md → Validation rules):
 * unknown, inactive, not yet valid, expired, used up, or for another user type.
 */
export const couponInvalid = 'El cupón no es válido';
/** Only when the last use went to another order between the check and the hold of this call. */
export const couponExhausted = 'El cupón ya alcanzó su límite de usos';
export const couponNotForCart = 'El cupón no aplica a los productos de tu carrito';
export const couponAlreadyUsed = 'Ya usaste este cupón el número de veces permitido';
/** Past the coupon look-ups' budget (distinct codes per account and per network). */
export const couponLookupsExceeded =
  'Demasiados cupones distintos probados desde tu cuenta o tu red. Espera un rato para probar otro; los cupones que ya aplicaste siguen funcionando';
export const cashOrderPlaced = 'Orden registrada. Queda pendiente hasta que se confirme tu pago en efectivo';
export const resetTokenInvalid = 'El enlace para restablecer la contraseña no es válido o ya expiró';
/** After an invited person (a team place, a transfer, an import) chose their first password: signed in. */
export const welcomePasswordSet = 'Listo: tu contraseña quedó guardada y ya estás dentro de tu cuenta';
export const loginDone = 'Bienvenido';
export const logoutDone = 'Sesión cerrada';
export const cartUpdated = 'Carrito actualizado';
export const productsLoaded = 'Productos cargados';
export const paymentNotConfigured =
  'El pago con PayPal no está disponible en este momento. Inténtalo más tarde o contacta a la asociación.';
export const paymentReused = 'Este pago ya fue registrado';
export const paymentPendingReview =
  'PayPal dejó tu pago en revisión. Te avisaremos por correo cuando se acredite; no vuelvas a pagar esta orden.';
export const paymentCancelled = 'Cancelaste el pago. Tu carrito sigue intacto.';
export const paymentVerifying = 'Verificando tu pago…';
export const paypalLoading = 'Cargando PayPal…';
export const paypalLoadError = 'No se pudo cargar PayPal. Revisa tu conexión y recarga la página.';
export const cardPaymentNotConfigured = 'El pago con tarjeta no está disponible en este momento.';
export const webhookRejected = 'La notificación no tiene una firma válida';
export const freeOrderNoPayment = 'Esta orden es gratuita: usa Reclamar Gratis';
export const paymentProcessing = 'Procesando tu pago…';
// Order and payment protections (issue 10).
export const paymentInProgress =
  'Ya tienes un pago en curso para este evento. Termínalo en la otra ventana o espera unos minutos e inténtalo de nuevo.';
export const paymentWindowClosed =
  'El tiempo para pagar esta orden terminó. Vuelve a intentarlo desde tu carrito.';
export const duplicatePaymentRefunded =
  'Ya tenías acceso a este evento: no se te cobró dos veces y PayPal te devolverá el pago.';
export const duplicatePaymentRefundNote =
  'Ya tenías acceso a este evento; te devolvemos este pago duplicado.';
export const checkoutFixAddress = 'Revisa los datos marcados antes de pagar';
// Drafts: what staff see when they open an event not yet published (docs/product.md → Drafts and publishing).
export const draftPreviewTitle = 'Vista previa — borrador';
export const draftPreviewBody =
  'Solo el personal ve esta página: para los visitantes el evento aún no existe y no se puede comprar hasta que lo publiques.';
// Storefront: texts for further cases left open.
export const alreadyInCart = 'Esta opción ya está en tu carrito';
export const networkError = 'No se pudo conectar con el servidor. Revisa tu conexión.';
export const productsLoadError = 'No pudimos cargar los eventos. Recarga la página.';
export const orderPendingHint =
  'Estamos esperando la confirmación de tu pago. Cuando se acredite, este evento quedará listo aquí; no vuelvas a pagarlo.';
// Contact form (issue 6).
export const contactNameRequired = 'Escribe tu nombre (al menos 2 caracteres)';
export const contactNameTooLong = 'El nombre no puede tener más de 120 caracteres';
export const contactPhoneInvalid = 'Escribe un teléfono válido (solo números, espacios, +, - y paréntesis)';
export const contactTopicInvalid = 'Elige un tema';
export const contactMessageTooShort = 'Escribe tu mensaje (al menos 10 caracteres)';
export const contactMessageTooLong = 'El mensaje no puede tener más de 2000 caracteres';
export const contactConsentRequired = 'Debes aceptar el aviso de privacidad para enviar tu mensaje';
export const contactSent = 'Gracias por escribirnos. Recibimos tu mensaje y te responderemos a la brevedad.';
export const contactUnavailable =
  'El formulario de contacto no está disponible por ahora. Escríbenos por correo electrónico.';
export const contactError = 'No pudimos enviar tu mensaje. Inténtalo de nuevo.';
// CFDI invoices (docs/cfdi.md).
export const rfcInvalidFormat =
  'Escribe un RFC válido: 4 letras (persona física) o 3 (persona moral), la fecha AAMMDD y la homoclave';
export const rfcInvalidDate = 'La fecha del RFC (AAMMDD) no es una fecha válida';
export const rfcInvalidCheck = 'El RFC no es válido: revisa el último carácter (dígito verificador)';
export const razonSocialRequired =
  'Escribe tu nombre o razón social tal como aparece en tu constancia de situación fiscal';
export const razonSocialTooLong = 'La razón social no puede tener más de 300 caracteres';
export const regimenInvalid = 'Elige tu régimen fiscal';
export const usoInvalid = 'Elige el uso del CFDI';
export const regimenKindMismatch =
  'Ese régimen fiscal no corresponde al tipo de RFC (persona física: 13 caracteres; persona moral: 12)';
export const usoNotAllowed = 'El SAT no permite ese uso del CFDI con el régimen fiscal elegido';
export const publicoGeneralOnly =
  'Con el RFC genérico XAXX010101000 el régimen es 616 y el uso S01 (sin efectos fiscales)';
export const cpFiscalInvalid = 'El código postal fiscal debe tener 5 dígitos';
export const fiscalDataSaved = 'Datos fiscales guardados';
export const fiscalDataMissing = 'Guarda tus datos fiscales en Mi cuenta antes de solicitar la factura';
export const invoiceRequested = 'Solicitud de factura recibida. Te enviaremos el CFDI por correo.';
export const invoiceAlreadyRequested = 'Ya solicitaste la factura de esta orden';
export const invoiceOrderNotPaid = 'Solo se puede facturar una orden pagada';
export const invoiceMonthClosed =
  'La factura se solicita dentro del mes en que pagaste; el mes de esta orden ya cerró. Escríbenos si necesitas ayuda.';
export const invoiceFreeOrder = 'Las órdenes sin costo no se facturan';
export const invoiceNotReady = 'El CFDI de esta orden aún no está disponible';
export const creditNoteNotReady = 'La nota de crédito de este reembolso aún no está disponible';
// Attendance and constancias (docs/attendance.md).
export const profileSaved = 'Guardamos tus datos profesionales.';
export const profileNameInvalid =
  'Escribe tu nombre como debe aparecer en la constancia (2 a 120 letras; se permiten acentos, espacios, puntos, guiones y apóstrofos)';
export const profileCedulaInvalid = 'Escribe tu cédula profesional (de 5 a 10 dígitos)';
export const profileSpecialtyInvalid = 'Escribe tu especialidad (2 a 120 caracteres)';
export const profileInstitutionInvalid = 'Escribe tu institución (2 a 160 caracteres)';
export const profileNeeded = 'Completa tus datos profesionales en Mi cuenta para recibir constancias.';
export const watchDayNotOwned = 'No tienes acceso a este día: tu tiempo de conexión no se registró.';
export const watchOtherDevice =
  'Tu cuenta ya está viendo una transmisión en otro dispositivo; aquí no se registra tu asistencia.';
export const ticketInvalid = 'Este código no es un boleto válido.';
export const alreadyCheckedIn = 'Ya registrado: esta persona ya había registrado su asistencia a este día.';
export const ticketOtherDay = 'Este boleto es de otro día o de otro evento; revisa el día elegido.';
export const ticketNotPaid = 'Este boleto ya no da acceso (la orden no está pagada).';
export const constanciaNotFound = 'No existe una constancia con este folio.';
export const constanciaNotYours = 'Esta constancia no es de tu cuenta.';
export const watchAfterDay =
  'Este día ya terminó: el tiempo de conexión solo cuenta mientras el día ocurre, y no se registró.';
export const watchDayOver = 'Este día ya terminó: el tiempo de conexión ya no cuenta.';
export const evaluationNotFound = 'Este evento no tiene evaluación.';
export const evaluationNotYet = 'La evaluación se abre al terminar el evento.';
export const evaluationNotAttended =
  'Para responder la evaluación necesitas la asistencia mínima en al menos un día del evento.';
export const evaluationAlreadyPassed = 'Ya aprobaste esta evaluación; no hace falta responderla otra vez.';
export const evaluationNoAttemptsLeft = 'Ya usaste todos tus intentos de esta evaluación.';
export const evaluationAnswersInvalid = 'Responde cada pregunta eligiendo una de sus opciones.';
export const evaluationPassed =
  'Evaluación aprobada: la asociación emitirá tu constancia y te la enviará por correo.';
export const evaluationSurveyDone =
  'Gracias por responder la encuesta: la asociación emitirá tu constancia y te la enviará por correo.';

// After the sale: cancellation and refund (docs/after-sale.md)
export const orderNotCancellable = 'Esta orden ya no se puede cancelar.';
export const nothingLeftToCancel =
  'A esta orden ya no le queda ningún día activo: sus días se cancelaron, se reembolsaron o se transfirieron.';
export const cancelDayNotActive = 'Ese día ya fue cancelado o transferido.';
export const cancelWindowClosed = `Ya pasó el plazo para cancelar: se puede cancelar hasta ${CANCELLATION_NOTICE_DAYS} días naturales antes del evento. Según los términos, aún puedes transferir tu lugar a un colega desde Mis Productos (Transferir a un colega).`;
export const cancelNotOnline =
  'Esta orden no se pagó con PayPal: escríbenos para cancelarla y te ayudaremos con el reembolso.';
export const cancelInProgress = 'Ya hay una cancelación en curso para esta orden. Espera unos minutos.';
export const orderCancelled = 'Cancelamos tu compra. Te enviamos la confirmación por correo.';
export const orderCancelledRefund =
  'Cancelamos tu compra y PayPal te devolverá el reembolso. Te enviamos la confirmación por correo.';
export const refundFailed =
  'PayPal no pudo hacer el reembolso. Tu orden sigue pagada y conservas tu acceso; escríbenos para ayudarte.';
export const refundPending =
  'No pudimos confirmar el reembolso con PayPal. Tu orden sigue pagada por ahora; lo volveremos a pedir automáticamente en unos minutos.';
export const refundInProcess =
  'PayPal recibió tu reembolso y lo está procesando. Cancelaremos tu compra en cuanto lo confirme y te avisaremos por correo.';
export const cfdiCancellationPending =
  'Cancelamos este CFDI porque la orden se reembolsó. El SAT te pide aceptar la cancelación en tu buzón tributario; si no respondes en 3 días hábiles, queda cancelado.';
export const cfdiCancellationRejected =
  'La cancelación de este CFDI se rechazó en el SAT y sigue vigente. Te escribiremos para resolverlo.';
export const cfdiCancelledByLapse =
  'El CFDI quedó cancelado: el plazo del SAT para responder a la cancelación terminó.';
export const paymentDeclinedRetry =
  'Tu banco rechazó este medio de pago. Elige otra tarjeta u otra forma de pago en PayPal.';
export const paymentStillProcessing =
  'PayPal todavía está procesando tu pago. Te avisaremos por correo en cuanto se confirme; no vuelvas a pagar.';
export const calendarNotAvailable = 'El calendario está disponible para los días pagados de la orden.';
export const receiptNotAvailable = 'El recibo está disponible cuando la orden está pagada.';
export const cancellationRefundNote = `Reembolso por cancelación, menos el cargo administrativo del ${CANCELLATION_CHARGE_PERCENT} %.`;

// Verified participant types (docs/fees.md → Verified participant types)
export const proofRequired = 'Adjunta tu comprobante (PDF, JPG o PNG)';
export const proofType = 'El comprobante debe ser un PDF o una imagen JPG o PNG';
export const proofTooLarge = 'El comprobante no puede pesar más de 5 MB';
export const participantTypeInvalid =
  'Elige un tipo de participante que requiera verificación: especialista, residente, enfermería, estudiante o personal del hospital sede';
export const participantTypeAlreadyVerified = 'Ese ya es tu tipo de participante verificado';
export const participantTypeRequestOpen =
  'Ya tienes una solicitud en revisión; espera la respuesta o cancélala para enviar otra';
export const participantTypeRequestSent =
  'Recibimos tu solicitud: la asociación revisará tu comprobante y te avisará por correo';
export const participantTypeRequestCancelled = 'Cancelamos tu solicitud';
export const participantTypeNoOpenRequest = 'No tienes una solicitud en revisión';
// After the sale: transfer of a bought day to a colleague (docs/after-sale.md → Transfers)
