// Spanish texts of the admin area (/admin): form validation and the answers of
// /api/admin/*. Kept apart from messages.ts so the storefront's bundle never carries them.

import type { PublishPart } from './domain/event-publishing';

/** One constant per text; the functions below build the texts that name a value. */
export const ADMIN_MSG = {
  demoDataRemoved: 'Se eliminaron los datos de demostración',
  demoDataNone: 'No quedan datos de demostración',
  eventNameRequired: 'Escribe el nombre del evento',
  eventNameTooLong: 'El nombre del evento no puede tener más de 200 caracteres',
  eventDescriptionTooLong: 'La descripción no puede tener más de 5000 caracteres',
  eventPriceInvalid: 'Ingresa un precio válido en pesos (0 o más, hasta dos decimales)',
  eventInstitutionalPriceInvalid:
    'Ingresa el precio institucional por lugar en pesos (más de 0, hasta dos decimales) o déjalo vacío para usar el precio general',
  eventCategoryInvalid: 'Elige una categoría',
  eventLevelInvalid: 'Elige un nivel',
  eventDaysRequired: 'Agrega al menos un día',
  eventTooManyDays: 'Un evento puede tener como máximo 30 días',
  eventImageInvalid: 'Una de las imágenes no es válida; súbela de nuevo',
  eventTooManyImages: 'Un evento puede tener como máximo 10 imágenes',
  dayLabelRequired: 'Escribe el nombre de cada día',
  dayLabelTooLong: 'El nombre de un día no puede tener más de 120 caracteres',
  dayStartRequired: 'Indica la fecha y la hora de inicio del día',
  dayEndRequired: 'Indica la fecha y la hora de fin del día',
  dayDateTimeInvalid: 'Ingresa una fecha y una hora válidas',
  dayEndBeforeStart: 'El fin debe ser posterior al inicio',
  dayTooLong: 'Un día puede durar como máximo 24 horas; si dura más, agrégalo como dos días',
  daysOutOfOrder: 'Los días van en orden cronológico: este empieza antes que el anterior',
  dayCapacityInvalid: 'El cupo debe ser un número entero mayor que 0, o vacío para no limitarlo',
  eventSaleModeInvalid: 'Elige cómo se vende el evento: por día o completo',
  tierTypeInvalid: 'Elige el tipo de participante de cada cuota',
  tierPriceInvalid: 'Ingresa el precio de cada cuota en pesos (hasta dos decimales)',
  tierScholarshipInvalid: 'El precio con beca debe ser un monto en pesos (hasta dos decimales), o vacío',
  tierUntilInvalid: 'Ingresa una fecha y una hora válidas, o deja vacío para no poner fecha límite',
  tierTooMany: 'Un evento puede tener como máximo 60 cuotas',
  tierNegative: 'Ningún precio puede ser negativo',
  tierOverlap:
    'Dos cuotas del mismo tipo de participante terminan en la misma fecha (o las dos sin fecha límite): el precio sería ambiguo',
  tierNoPrice:
    'El evento se quedaría sin precio: indica el precio general o agrega una cuota General sin fecha límite',
  requiresSelf: 'Un evento no puede requerirse a sí mismo',
  requiresNotFound: 'El evento requerido no existe',
  requiresCycle:
    'Ese requisito formaría un círculo: el evento requerido ya requiere (directa o indirectamente) este evento',
  eventCreated: 'Evento creado',
  eventSaved: 'Cambios guardados',
  eventDuplicated: 'Evento duplicado; quedó como borrador para que lo revises antes de publicarlo',
  // Drafts (docs/product.md → Drafts and publishing).
  eventDraftCreated: 'Borrador guardado: solo el personal lo ve hasta que lo publiques',
  eventPublished: 'Evento publicado: ya aparece en la tienda',
  eventUnpublished: 'El evento volvió a borrador: ya no aparece en la tienda',
  eventUnpublishHasSales:
    'Este evento ya tiene ventas: no puede volver a borrador. Si quieres sacarlo de la tienda, archívalo; quien lo compró conserva su acceso.',
  eventArchived: 'Evento archivado: ya no aparece en la tienda; las órdenes y los accesos se conservan',
  eventUnarchived: 'Evento publicado de nuevo en la tienda',
  eventNotFound: 'El evento no existe',
  imageRequired: 'Elige una imagen',
  imageType: 'El archivo no es una imagen JPG, PNG, WebP, GIF o AVIF',
  imageTooLarge: 'La imagen no puede pesar más de 5 MB',
  imageUploaded: 'Imagen subida',
  couponCodeInvalid: 'El código debe tener de 3 a 32 caracteres: letras, números, guiones o guiones bajos',
  couponDescriptionTooLong: 'La descripción no puede tener más de 300 caracteres',
  couponTypeInvalid: 'Elige el tipo de descuento',
  couponPercentInvalid: 'El porcentaje debe ser un número entero de 1 a 100',
  couponFixedInvalid: 'El monto del descuento debe ser mayor que 0 (en pesos, hasta dos decimales)',
  couponDatesInvalid: 'La fecha de fin debe ser posterior a la de inicio',
  couponDateInvalid: 'Ingresa una fecha válida',
  couponLimitInvalid: 'Los límites de uso deben ser números enteros mayores que 0, o vacíos',
  couponUserTypeInvalid: 'Uno de los tipos de usuario no es válido',
  couponProductInvalid: 'Uno de los eventos elegidos no existe',
  couponCodeTaken: 'Ya existe un cupón con ese código',
  couponNotFound: 'El cupón no existe',
  couponCreated: 'Cupón creado',
  couponSaved: 'Cupón guardado',
  couponDeactivated: 'Cupón desactivado',
  couponActivated: 'Cupón activado',
  memberNotFound: 'La cuenta no existe',
  memberUserTypeInvalid: 'Elige un tipo de usuario válido',
  memberRoleInvalid: 'Elige un rol válido',
  memberNothingToChange: 'Indica el tipo de usuario o el rol que quieres cambiar',
  memberCannotDemoteSelf: 'No puedes quitarte a ti mismo el rol de administrador',
  memberSaved: 'Cuenta actualizada',
  memberCreated: 'Cuenta creada con una contraseña temporal',
  memberEmailTaken: 'Ya existe una cuenta con este correo',
  memberTemporaryPasswordSet:
    'Contraseña temporal asignada: las sesiones abiertas se cerraron y la cuenta elegirá una contraseña nueva al entrar',
  memberCannotResetSelf:
    'No puedes asignarte una contraseña temporal a ti mismo; cambia la tuya con «¿Olvidaste tu contraseña?»',
  importEmpty: 'El archivo está vacío o no tiene filas después del encabezado',
  importTooLarge: 'El archivo es demasiado grande: importa como máximo 5000 filas a la vez',
  importBadHeader: 'La primera fila debe ser el encabezado name,email,userType (o nombre,correo,tipo)',
  importUnreadable: 'No pudimos leer el archivo como CSV; revisa comillas y separadores',
  importBlocked:
    'El archivo tiene filas con problemas; no se importó nada. Corrígelas o confirma importar solo las filas válidas.',
  importNothingValid: 'No hay filas válidas para importar',
  importInvalidName: 'Nombre no válido: solo letras (A-Z, Ñ) y espacios',
  importInvalidEmail: 'Correo no válido',
  importInvalidUserType: 'Tipo de usuario desconocido',
  importWrongColumns: 'La fila debe tener 3 columnas: nombre, correo y tipo de usuario',
  importDuplicateExisting: 'Ya existe una cuenta con este correo',
  importPreview: 'Vista previa: aún no se importó nada',
  importWelcomeSubject: 'Tu cuenta en la tienda de la asociación',
  orderNotPending: 'Solo se puede marcar como pagada una orden pendiente',
  orderNotCash: 'Solo las órdenes de pago en efectivo se marcan como pagadas a mano',
  orderDaysAlreadyOwned:
    'El cliente ya tiene acceso pagado a uno de los días de esta orden; cancélala en lugar de marcarla pagada',
  orderNotCancellable: 'Esta orden ya está cancelada o reembolsada',
  orderNotRefundable: 'Solo se puede registrar un reembolso de una orden pagada',
  orderRefundTooLarge: 'El reembolso no puede ser mayor que lo cobrado pendiente de reembolsar',
  orderRefundInvalid: 'Ingresa un monto de reembolso mayor que 0 (en pesos, hasta dos decimales)',
  orderNoteTooLong: 'La nota no puede tener más de 500 caracteres',
  orderMarkedPaid: 'Orden marcada como pagada',
  transferAllowed: 'Listo: cada día de esta compra puede transferirse una vez más.',
  orderNotTransferable: 'Solo se puede permitir otra transferencia en una orden pagada.',
  orderCancelled: 'Orden cancelada: el acceso se revocó y el lugar quedó libre',
  orderRefunded: 'Reembolso registrado',
  orderRefundedPaypal: 'PayPal hizo el reembolso',
  orderRefundFailed: 'PayPal rechazó el reembolso; la orden sigue como estaba. Revisa el historial.',
  orderRefundUnconfirmed:
    'PayPal no confirmó el reembolso; quedó pendiente y la tienda lo volverá a pedir sola, con la misma clave (nunca dos veces).',
  orderRefundInProcess:
    'PayPal aceptó el reembolso y lo está procesando; se aplicará a la orden cuando PayPal lo confirme.',
  refundNotFound: 'No encontramos ese reembolso',
  refundNotPending: 'Ese reembolso ya no está pendiente',
  orderRefundInProgress: 'Ya hay un reembolso en curso para esta orden',
  dateInvalid: 'Ingresa una fecha válida (AAAA-MM-DD)',
  attendeesNeedEvent: 'Elige un evento',
  waitlistNeedsEvent: 'Elige un evento para ver su lista de espera',
  dayNotInEvent: 'El día elegido no pertenece a ese evento',
  // Attendance and constancias (docs/attendance.md).
  attendancePercentInvalid: 'El porcentaje de asistencia debe ser un número entero de 1 a 100',
  attendancePercentSaved: 'Porcentaje de asistencia guardado',
  checkinDone: 'Asistencia registrada',
  checkinDayNotOwned: 'Esta persona no tiene pagado ese día',
  constanciaIssued: 'Constancia emitida y enviada por correo',
  constanciaRevoked: 'Constancia revocada',
  constanciaAlreadyRevoked: 'Esta constancia ya estaba revocada',
  constanciaNotQualified: 'Esta persona no cumple la asistencia necesaria para una constancia',
  constanciaNoProfile: 'Esta persona no ha completado sus datos profesionales',
  constanciaAlreadyIssued: 'Esta persona ya tiene una constancia vigente de este evento',
  constanciaEvaluationPending: 'Esta persona aún no aprueba (o no responde) la evaluación del evento',
  constanciaAttendanceChanged:
    'La asistencia de esta persona cambió mientras se emitía la constancia; vuelve a intentarlo',
  constanciaRevokeNoteInvalid: 'Escribe el motivo de la revocación (3 a 300 caracteres)',
  // Constancias on autopilot (docs/attendance.md → Issued without staff, Corrections).
  constanciaAutoOn: 'Las constancias de este evento se emitirán solas al cerrar su último día',
  constanciaAutoOff: 'Las constancias de este evento solo se emitirán a mano',
  attendanceCorrectionReasonInvalid: 'Escribe el motivo de la corrección (3 a 300 caracteres)',
  attendanceCorrectionDayNotOwned: 'Esta persona no tiene pagado ese día del evento',
  attendanceCorrectionSaved: 'Corrección guardada',
  attendanceCorrectionRemoved: 'Corrección quitada: el día vuelve a contar según lo registrado',
  attendanceCorrectionMissing: 'Ese día no tiene corrección que quitar',
  attendanceCorrectionRevoked:
    'Su constancia acreditaba ese día y quedó revocada; se emitirá otra si aún cumple.',
  // The venue of in-person days (docs/product.md → Venue).
  venueNameRequired: 'Escribe el nombre de la sede para indicar su dirección o su mapa',
  venueNameTooLong: 'El nombre de la sede admite hasta 120 caracteres',
  venueAddressTooLong: 'La dirección de la sede admite hasta 300 caracteres',
  venueMapUrlInvalid: 'El enlace al mapa debe ser una dirección https:// válida (hasta 500 caracteres)',
  endorsementBodyInvalid: 'Escribe el organismo que avala (2 a 160 caracteres)',
  endorsementNumberInvalid: 'Escribe el número de aval (1 a 60 caracteres)',
  endorsementHoursInvalid: 'Las horas avaladas deben ser un número de 0.5 a 999, con un decimal como máximo',
  endorsementPointsInvalid:
    'Los puntos de recertificación deben ser un número de 0.1 a 999, con un decimal como máximo',
  evaluationSaved: 'Evaluación guardada',
  evaluationNone: 'Este evento no tiene evaluación',
  evaluationRemoved: 'Evaluación quitada: la constancia ya no la pide',
  evaluationPassPercentInvalid: 'La calificación mínima debe ser un número entero de 1 a 100',
  evaluationAttemptsInvalid: 'El número de intentos debe ser un número entero de 1 a 10',
  evaluationQuestionInvalid: 'Escribe cada pregunta (3 a 300 caracteres)',
  evaluationOptionsInvalid: 'Cada pregunta lleva de 2 a 6 opciones de 1 a 200 caracteres',
  evaluationCorrectMissing: 'Marca la respuesta correcta de cada pregunta del examen',
  evaluationTooManyQuestions: 'La evaluación puede tener hasta 30 preguntas',
  evaluationHasAnswers:
    'Ya hay respuestas a esta evaluación: no se pueden cambiar sus preguntas (sí la calificación mínima y los intentos)',
  // CFDI invoices.
  invoiceRetryQueued: 'La factura volvió a la cola; se intentará en unos segundos',
  invoiceRetryNotAllowed: 'Solo se reintentan facturas con error',
  invoiceRetryNoProvider:
    'No hay proveedor de facturación configurado (CFDI_API_KEY): timbra la factura por fuera y adjunta el XML y el PDF',
  invoiceAttached: 'Archivo adjuntado a la factura',
  invoiceAttachCancelled: 'No se adjuntan archivos a una factura cancelada',
  invoiceXmlInvalid: 'El XML no es un CFDI timbrado: debe contener el comprobante y su timbre fiscal (UUID)',
  invoiceFileMissing: 'Elige el archivo que quieres adjuntar',
  invoiceFileTooLarge: 'El archivo no puede pesar más de 2 MB',
  invoiceFileType: 'Sube el XML del CFDI (.xml) o su representación impresa (.pdf)',
  creditNoteRetryQueued: 'La nota de crédito volvió a la cola; se intentará en unos segundos',
  creditNoteRetryNotAllowed: 'Solo se reintentan notas de crédito con error',
  creditNoteAttached: 'Archivo adjuntado a la nota de crédito',
  creditNoteAttachCancelled: 'No se adjuntan archivos a una nota de crédito cancelada',
  complementRetryQueued: 'El complemento de pago volvió a la cola; se intentará en unos segundos',
  complementRetryNotAllowed: 'Solo se reintentan complementos de pago con error',
  complementAttached: 'Archivo adjuntado al complemento de pago',
  complementAttachCancelled: 'No se adjuntan archivos a un complemento de pago cancelado',
  complementXmlNotPago:
    'El XML no es un complemento de pago (TipoDeComprobante="P"): sube el complemento de esta factura',
  creditNoteXmlNotEgreso: 'El XML no es un CFDI de egreso (TipoDeComprobante="E"): sube la nota de crédito',
  participantRequestNotFound: 'La solicitud no existe',
  participantRequestDecided: 'Esa solicitud ya fue resuelta',
  participantRequestApproved: 'Solicitud aprobada: el miembro ya paga la cuota de su tipo',
  participantRequestRejected: 'Solicitud rechazada; avisamos al miembro por correo',
  participantRejectReasonRequired: 'Escribe el motivo del rechazo (se le envía al miembro)',
  participantRejectReasonTooLong: 'El motivo no puede tener más de 500 caracteres',
  participantStatusInvalid: 'Elige un estado: solicitada, aprobada o rechazada',
  scholarshipGranted: 'Beca otorgada',
  scholarshipRevoked: 'Beca retirada',
  scholarshipExists: 'El miembro ya tiene esa beca',
  scholarshipNotFound: 'La beca no existe',
  scholarshipEventNotFound: 'El evento no existe',
  // Who signs the constancias (docs/attendance.md → Signatures).
  signatureNameInvalid: 'Escribe el nombre de quien firma (2 a 120 caracteres)',
  signatureTitleInvalid: 'Escribe el cargo de quien firma (2 a 120 caracteres), por ejemplo «Presidente»',
  signatureTooMany: 'La constancia lleva como máximo tres firmas',
  signatureImageRequired: 'Elige la imagen de la firma (PNG o JPG)',
  signatureImageType: 'La firma debe ser una imagen PNG o JPG',
  signatureImageTooLarge: 'La imagen de la firma no puede pesar más de 1 MB',
  signatureImageTooSmall:
    'La imagen de la firma es muy pequeña: usa una de al menos 60 × 20 píxeles para que se imprima legible',
  signatureImageTooBig: 'La imagen de la firma es demasiado grande: usa una de hasta 4000 píxeles por lado',
  signatureImageDamaged: 'No se pudo leer la imagen de la firma; guárdala de nuevo como PNG o JPG',
  signatureImageInvalid: 'La imagen de una firma ya no está disponible; súbela de nuevo',
  signatureImageUploaded: 'Imagen lista: guarda las firmas para usarla',
  signaturesSaved: 'Firmas guardadas',
  signaturesDefaultRestored: 'El evento vuelve a usar las firmas predeterminadas de la asociación',
  signatureNotFound: 'Esa firma no existe',
  /** /api/metrics without its bearer token (operators and Prometheus, docs/operations.md). */
  metricsTokenRequired: 'Falta el token de métricas (Authorization: Bearer …)',
} as const;

/** What publishing asks for, named in the sentence of adminEventIncomplete (docs/product.md → Drafts and publishing). */
export const PUBLISH_PART_LABELS: Record<PublishPart, string> = {
  name: 'el nombre',
  description: 'la descripción',
  price: 'el precio (o una cuota General sin fecha límite)',
  image: 'una imagen de portada',
  days: 'al menos un día',
  upcomingDay: 'un día que aún no haya terminado (todas sus fechas ya pasaron)',
};

/** 'Para publicar el evento falta una imagen de portada y la descripción.' */
export function adminEventIncomplete(missing: readonly PublishPart[]): string {
  const parts = missing.map((p) => PUBLISH_PART_LABELS[p]);
  const list = parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
  return `Para publicar el evento falta ${list}.`;
}

/** 'No puedes quitar «Jueves»: tiene órdenes registradas…' */
export function adminDayHasOrders(label: string): string {
  return `No puedes quitar «${label}»: tiene órdenes registradas. Puedes renombrarlo o archivar el evento.`;
}
/** Capacity below the seats already held by paid and pending orders. */
/** `offers`: seats held for members of the waiting list whose offer is still open. */
export function adminCapacityBelowTaken(label: string, taken: number, offers = 0): string {
  if (offers === 0) {
    return `El cupo de «${label}» no puede ser menor que los lugares ya ocupados (${taken})`;
  }
  const held = `${offers} ${offers === 1 ? 'ofrecido' : 'ofrecidos'} a la lista de espera`;
  return `El cupo de «${label}» no puede ser menor que los lugares ya ocupados (${taken + offers}: ${taken} comprados o apartados y ${held})`;
}
/** `position` (0-based) names the day while it has no name yet. */
export function adminStreamUrlInvalid(label: string, position = 0): string {
  return label
    ? `El enlace de «${label}» debe ser de YouTube o Vimeo`
    : `El enlace del día ${position + 1} debe ser de YouTube o Vimeo`;
}
export function adminDuplicateDay(label: string): string {
  return `El día «${label}» está repetido`;
}
export function adminImportDuplicateInFile(line: number): string {
  return `Correo repetido en el archivo (ya aparece en la línea ${line})`;
}
export function adminCouponLimitBelowUsed(used: number): string {
  return `El límite de usos no puede ser menor que los usos ya registrados (${used})`;
}
export function adminImportDone(created: number): string {
  return created === 1
    ? 'Se creó 1 cuenta y se le envió un enlace para definir su contraseña'
    : `Se crearon ${created} cuentas y se envió a cada una un enlace para definir su contraseña`;
}
