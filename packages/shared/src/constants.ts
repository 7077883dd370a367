// Business constants and value lists (docs/product.md → Business constants, Order statuses, User types).

export const CURRENCY_LABEL = 'MXN$';
export const CURRENCY = 'MXN';
/** 'Precio de servicio', in centavos, charged once per order (docs/product.md → Fees). */
export const SERVICE_FEE_CENTAVOS = 1000;
/** The terms: calendar days (Mexico City) between a cancellation and the first cancelled day, at least. */
export const CANCELLATION_NOTICE_DAYS = 15;
/** The terms: the administrative charge kept on a cancellation, in percent of what was paid. */
export const CANCELLATION_CHARGE_PERCENT = 20;
export const HOME_PRODUCT_COUNT = 10;
export const RELATED_PRODUCT_COUNT = 5;
export const MAX_LINE_QUANTITY = 1;
export const TOAST_AUTO_CLOSE_MS = 5000;

export const CATEGORIES = ['Conferencias', 'Paneles', 'Estudios de caso'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The level, called subCategory in the API (docs/product.md → Events are "products"). */
export const LEVELS = ['Basico', 'Intermedio', 'Avanzado'] as const;
export type Level = (typeof LEVELS)[number];

export const SORT_VALUES = ['relavent', 'date', 'low-high', 'high-low'] as const;
export type SortValue = (typeof SORT_VALUES)[number];

export const USER_TYPES = [
  'general',
  'especialista',
  'residente',
  'enfermeria',
  'estudiante',
  'personal_hospital',
] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_LABELS: Record<UserType, string> = {
  general: 'General',
  especialista: 'Médico especialista',
  residente: 'Médico residente',
  enfermeria: 'Enfermería',
  estudiante: 'Estudiante',
  personal_hospital: 'Personal del hospital sede',
};

/** How an event is sold (docs/fees.md): each day its own price, or one price for every day. */
export const SALE_MODES = ['por_dia', 'completo'] as const;
export type SaleMode = (typeof SALE_MODES)[number];
export const SALE_MODE_LABELS: Record<SaleMode, string> = {
  por_dia: 'Por día',
  completo: 'Evento completo',
};

export const ROLES = ['customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Whose fiscal data an account keeps (docs/cfdi.md → Fiscal data): the person's own («Mis datos
 * fiscales», the individual checkout), and the institution of the last team purchase invoiced
 * (the team checkout's prefill), so one never overwrites the other.
 */
export const FISCAL_PROFILE_KINDS = ['persona', 'institucion'] as const;
export type FiscalProfileKind = (typeof FISCAL_PROFILE_KINDS)[number];

/** An order's kind (docs/groups.md): the cart's own purchase, or places for a team. */
export const ORDER_KINDS = ['individual', 'grupo'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** Places one group order may buy. */
export const MAX_GROUP_PLACES = 50;
/** A pasted or uploaded list of assignees holds at most this many lines. */
export const MAX_GROUP_CSV_LINES = 200;
/** The state of a group order's place, as the buyer sees it. */
export const PLACE_STATES = ['sin_asignar', 'asignado', 'usado', 'cancelado'] as const;
export type PlaceState = (typeof PLACE_STATES)[number];
export const PLACE_STATE_LABELS: Record<PlaceState, string> = {
  sin_asignar: 'Sin asignar',
  asignado: 'Asignado',
  usado: 'Usado',
  cancelado: 'Cancelado',
};

export const ORDER_STATUSES = [
  'pendiente',
  'pagado',
  'cancelado',
  'reembolsado',
  'reembolso_parcial',
  'transferido',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pendiente: 'Pendiente de pago',
  pagado: 'Pagado',
  cancelado: 'Cancelado',
  reembolsado: 'Reembolsado',
  reembolso_parcial: 'Reembolso parcial',
  transferido: 'Transferido',
};

/**
 * The back office's order status filter: the statuses, and `sin_pago`, the payment attempts that
 * ended without any money (a PayPal window closed, a voucher or a hold expired, a cart replaced
 * or a card declined). Those are kept (for the holds' rules) but listed only under this filter,
 * never among real orders (docs/product.md → Back office).
 */
export const ORDER_STATUS_FILTERS = [...ORDER_STATUSES, 'sin_pago'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
export const ORDER_STATUS_FILTER_LABELS: Record<OrderStatusFilter, string> = {
  ...ORDER_STATUS_LABELS,
  sin_pago: 'Intentos de pago sin concretar',
};

/** A waiting-list entry's state (docs/after-sale.md → Waiting list). */
export const WAITLIST_STATUSES = ['esperando', 'ofrecido', 'reclamado', 'expirado', 'retirado'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  esperando: 'Esperando',
  ofrecido: 'Lugar ofrecido',
  reclamado: 'Reclamado',
  expirado: 'Oferta vencida',
  retirado: 'Salió de la lista',
};
/** How long a freed seat stays offered to the next in line. */
export const WAITLIST_OFFER_HOURS = 24;

export const PAYMENT_METHODS = ['paypal', 'free', 'stripe', 'cod', 'oxxo', 'spei'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paypal: 'PayPal',
  free: 'Reclamar Gratis',
  stripe: 'Tarjeta',
  cod: 'Pago en efectivo',
  oxxo: 'Efectivo en OXXO',
  spei: 'Transferencia SPEI',
};
/** How a payment made this way is named inside a sentence ("un pago en efectivo"). */
export const PAYMENT_METHOD_PHRASES: Record<PaymentMethod, string> = {
  paypal: 'con PayPal',
  free: 'sin costo',
  stripe: 'con tarjeta',
  cod: 'en efectivo',
  oxxo: 'en efectivo en OXXO',
  spei: 'por transferencia SPEI',
};

export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** A CFDI invoice request's state (docs/cfdi.md → Statuses). */
export const INVOICE_STATUSES = ['solicitada', 'timbrada', 'cancelada', 'error'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  solicitada: 'Solicitada',
  timbrada: 'Timbrada',
  cancelada: 'Cancelada',
  error: 'Error',
};

/**
 * A CFDI document's type (SAT c_TipoDeComprobante): `I` ingreso (the invoice of a sale), `E`
 * egreso (the credit note of a partial refund, related to its invoice), `pago` (type P: the
 * payment complement of an invoice issued before payment, PPD, related to it). docs/cfdi.md.
 */
export const CFDI_DOCUMENT_KINDS = ['I', 'E', 'pago'] as const;
export type CfdiDocumentKind = (typeof CFDI_DOCUMENT_KINDS)[number];
export const CFDI_DOCUMENT_KIND_LABELS: Record<CfdiDocumentKind, string> = {
  I: 'Factura (ingreso)',
  E: 'Nota de crédito (egreso)',
  pago: 'Complemento de pago',
};

/** Where a CFDI's cancellation at the SAT stands (cfdi_documents.cancellation_status). */
export const CFDI_CANCELLATION_LABELS = {
  pendiente: 'Cancelación pendiente de aceptación',
  aceptada: 'Cancelación aceptada',
  rechazada: 'Cancelación rechazada',
  vencida: 'Cancelada por plazo vencido',
} as const;

/** How payments are taken: real PayPal, or the local simulator where no charge is real. */
export const PAYMENTS_MODES = ['real', 'simulated'] as const;
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];
/** Attribute of <html> in which the server hands the page its payments mode before any request. */
export const PAYMENTS_MODE_ATTRIBUTE = 'data-payments-mode';
