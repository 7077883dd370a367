// Request and response shapes of /api/admin/audit: the audit log and its Spanish action labels.

import { z } from 'zod';
import { optionalParam, pageQuery } from './common';

export const adminAuditEntry = z.object({
  _id: z.string(),
  date: z.number(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

export const adminAuditQuery = z.object({
  entity: optionalParam(z.string().trim().max(40)),
  entityId: optionalParam(z.string().trim().max(80)),
  ...pageQuery,
});
export type AdminAuditQuery = z.input<typeof adminAuditQuery>;

export const adminAuditResponse = z.object({
  success: z.literal(true),
  entries: z.array(adminAuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponse>;

/** Spanish labels of the audit actions the admin module writes. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'event.create': 'Creó el evento',
  'invoice.retry': 'Reintentó la factura de la orden',
  'invoice.attach': 'Adjuntó un archivo a la factura de la orden',
  'invoice.download': 'Descargó el CFDI de la orden',
  'order.export': 'Exportó las órdenes (CSV)',
  'event.attendees_export': 'Exportó la lista de asistentes (CSV)',
  'event.evaluation_export': 'Exportó los resultados de la evaluación (CSV)',
  'invoice.export': 'Exportó las facturas (CSV)',
  'invoice.credit_note_download': 'Descargó la nota de crédito de la orden',
  'event.update': 'Editó el evento',
  'event.questions_update': 'Editó las preguntas de registro',
  'event.duplicate': 'Duplicó el evento',
  'event.archive': 'Archivó el evento',
  'event.unarchive': 'Publicó de nuevo el evento',
  'event.publish': 'Publicó el borrador del evento',
  'event.unpublish': 'Volvió el evento a borrador',
  'event.attendance_percent': 'Cambió el porcentaje de asistencia',
  'event.constancia_issue': 'Emitió una constancia',
  'event.constancia_revoke': 'Revocó una constancia',
  'event.constancias_auto': 'Cambió la emisión automática de constancias',
  'event.attendance_correct': 'Corrigió la asistencia de una persona',
  'event.council_report': 'Descargó el informe para el consejo',
  'event.checkin': 'Registró la asistencia presencial',
  'upload.image': 'Subió una imagen',
  'coupon.create': 'Creó el cupón',
  'coupon.update': 'Editó el cupón',
  'coupon.deactivate': 'Desactivó el cupón',
  'coupon.activate': 'Activó el cupón',
  'member.update': 'Cambió la cuenta',
  'member.import': 'Importó cuentas',
  'member.create': 'Creó la cuenta',
  'member.temporary_password': 'Asignó una contraseña temporal',
  'member.participant_type_approve': 'Aprobó el tipo de participante',
  'member.participant_type_reject': 'Rechazó la solicitud de tipo de participante',
  'member.participant_type_proof_view': 'Vio el comprobante de tipo de participante',
  'member.scholarship_grant': 'Otorgó una beca',
  'member.scholarship_revoke': 'Retiró una beca',
  'order.mark_paid': 'Marcó la orden como pagada',
  'order.cancel': 'Canceló la orden',
  'order.refund': 'Registró un reembolso',
  'order.day_transferred': 'Transfirió un día a un colega',
  'order.day_received': 'Recibió un día transferido',
  'order.transfer_allowed': 'Permitió otra transferencia por día',
  'order.place_assigned': 'Asignó un lugar del equipo',
  'order.place_reassigned': 'Reasignó un lugar del equipo',
  'demo.remove': 'Eliminó los datos de demostración',
  'waitlist.offered': 'Ofreció un lugar liberado a la lista de espera',
  'waitlist.expired': 'Venció una oferta de la lista de espera',
  'waitlist.restored': 'Devolvió a su lugar en la lista de espera a quien tenía la oferta',
  'event.evaluation': 'Editó la evaluación del evento',
  'event.signatures_update': 'Cambió las firmas de la constancia',
  'invoice.credit_note_retry': 'Reintentó la nota de crédito de la orden',
  'invoice.credit_note_attach': 'Adjuntó un archivo a la nota de crédito de la orden',
  'invoice.complement_retry': 'Reintentó el complemento de pago de la orden',
  'invoice.complement_attach': 'Adjuntó un archivo al complemento de pago de la orden',
  'order.cancelled_by_buyer': 'El comprador canceló la orden',
  'order.refund_requested': 'Pidió el reembolso al proveedor de pago',
  'payment.settings': 'Cambió las formas de pago',
  'payment.mismatch': 'Recibió un pago que no corresponde a la orden (no se entregó nada)',
  'payment.partially_funded': 'Recibió una parte de la transferencia SPEI',
  'payment.instrument_declined': 'El banco rechazó la tarjeta; el comprador puede intentar de nuevo',
  'payment.capture_reused': 'Recibió de nuevo un cobro ya registrado (no se cobró dos veces)',
  'payment.duplicate_refund_requested': 'Pidió el reembolso de un cobro duplicado',
  'payment.duplicate_needs_refund': 'Cobro duplicado: hay que reembolsarlo a mano',
  'payment.received_for_closed_order':
    'Llegó dinero para una orden ya cerrada: hay que reembolsarlo o entregar el lugar',
  'payment.late_honoured': 'Aceptó un pago tardío: los lugares seguían libres',
  'payment.late_refunded': 'Reembolsó un pago tardío: los lugares ya no estaban libres',
  'payment.late_needs_refund': 'Pago tardío sin lugares: hay que reembolsarlo a mano',
  'payment.refund_pending': 'El reembolso espera la respuesta del proveedor',
  'payment.refund_unconfirmed': 'El proveedor no confirmó el reembolso; se volverá a preguntar',
  'payment.refund_retry': 'Volvió a preguntar al proveedor por un reembolso pendiente',
  'payment.refund_failed': 'El proveedor rechazó el reembolso; la orden sigue igual',
  'payment.refund_unmatched': 'El proveedor avisó de un reembolso que no corresponde a ninguno pedido aquí',
};

/** Who an audit entry names when no account did it: the store's own jobs, webhooks and sweeps. */
export const AUDIT_SYSTEM_ACTOR = 'Sistema';
