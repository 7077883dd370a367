// What a PayPal webhook delivery must look like before we spend a call to PayPal verifying
// it: the five PAYPAL-* signature headers in PayPal's formats, a certificate on a PayPal
// host, an event type we handle and a resource of that type's shape. The endpoint is public,
// so anything else is refused here, at no cost to us and without reaching PayPal.

import { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { AppError } from '../../../lib/errors';
import type { WebhookHeaders } from './client';

export const PAYPAL_CAPTURE_EVENTS = [
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
] as const;
export const PAYPAL_REFUND_EVENTS = ['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED'] as const;

/** PayPal resource ids (orders, captures, refunds): letters, digits and dashes. */
const paypalId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const money = z.object({
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  value: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
});
const links = z
  .array(z.looseObject({ href: z.string().max(2048), rel: z.string().max(40) }))
  .max(20)
  .optional();
const relatedIds = z
  .looseObject({ order_id: paypalId.optional(), capture_id: paypalId.optional() })
  .optional();
const supplementary = z.looseObject({ related_ids: relatedIds }).optional();

/** A capture (PAYMENT.CAPTURE.COMPLETED/PENDING/DENIED/DECLINED). */
const captureResource = z.looseObject({
  id: paypalId,
  status: z.string().regex(/^[A-Z_]{1,40}$/),
  amount: money.optional(),
  custom_id: z.string().max(127).optional(),
  supplementary_data: supplementary,
  links,
});

/** A refund (PAYMENT.CAPTURE.REFUNDED, and REVERSED, which PayPal sends as a refund). */
const refundResource = z.looseObject({
  id: paypalId,
  status: z
    .string()
    .regex(/^[A-Z_]{1,40}$/)
    .optional(),
  amount: money.optional(),
  custom_id: z.string().max(127).optional(),
  /** Our reference sent with the refund request (the refund row's id); absent on refunds made elsewhere. */
  invoice_id: z.string().max(127).optional(),
  supplementary_data: supplementary,
  links,
});

const envelope = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9-]{1,100}$/),
  event_type: z.string().max(100),
  resource: z.unknown(),
});

export type PaypalCaptureEvent = {
  id: string;
  event_type: (typeof PAYPAL_CAPTURE_EVENTS)[number];
  resource: z.infer<typeof captureResource>;
};
export type PaypalRefundEvent = {
  id: string;
  event_type: (typeof PAYPAL_REFUND_EVENTS)[number];
  resource: z.infer<typeof refundResource>;
};
export type PaypalEvent = PaypalCaptureEvent | PaypalRefundEvent;

const isCaptureEvent = (t: string): t is PaypalCaptureEvent['event_type'] =>
  (PAYPAL_CAPTURE_EVENTS as readonly string[]).includes(t);
const isRefundEvent = (t: string): t is PaypalRefundEvent['event_type'] =>
  (PAYPAL_REFUND_EVENTS as readonly string[]).includes(t);

const TRANSMISSION_ID = /^[A-Za-z0-9-]{8,64}$/;
const TRANSMISSION_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;
const SIGNATURE = /^[A-Za-z0-9+/]{16,2048}={0,2}$/;
const AUTH_ALGO = /^SHA(256|384|512)withRSA$/;

/**
 * PayPal signs with a certificate it serves from its own hosts (api.paypal.com,
 * api.sandbox.paypal.com…) over HTTPS; the configured API base is also accepted, which is
 * how a local fake of PayPal signs in tests.
 */
export function isPaypalCertUrl(raw: string, apiBase: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:' && (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com'))) {
    return url.port === '';
  }
  return url.origin === new URL(apiBase).origin;
}

function reject(): never {
  throw new AppError('bad_request', MSG.webhookRejected);
}

/** The delivery, parsed and typed, or a 400 (MSG.webhookRejected) before any call to PayPal. */
export function screenPaypalDelivery(headers: WebhookHeaders, raw: string, apiBase: string): PaypalEvent {
  const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = headers;
  if (
    !transmissionId ||
    !TRANSMISSION_ID.test(transmissionId) ||
    !transmissionTime ||
    !TRANSMISSION_TIME.test(transmissionTime) ||
    !Number.isFinite(Date.parse(transmissionTime)) ||
    !transmissionSig ||
    !SIGNATURE.test(transmissionSig) ||
    !authAlgo ||
    !AUTH_ALGO.test(authAlgo) ||
    !certUrl ||
    certUrl.length > 2048 ||
    !isPaypalCertUrl(certUrl, apiBase)
  ) {
    reject();
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    reject();
  }
  const event = envelope.safeParse(json);
  if (!event.success) reject();
  const { id, event_type: type, resource } = event.data;
  if (isCaptureEvent(type)) {
    const parsed = captureResource.safeParse(resource);
    if (!parsed.success) reject();
    return { id, event_type: type, resource: parsed.data };
  }
  if (isRefundEvent(type)) {
    const parsed = refundResource.safeParse(resource);
    if (!parsed.success) reject();
    return { id, event_type: type, resource: parsed.data };
  }
  // Only the PAYMENT.CAPTURE.* events above are subscribed to (README); anything else is not ours.
  return reject();
}

/**
 * The capture a refund or reversal belongs to: its `up` link (…/v2/payments/captures/{id})
 * and/or supplementary_data.related_ids.capture_id. Null when neither is there or they
 * disagree. Never custom_id: that is free text anyone can copy into an event.
 */
export function refundedCaptureId(resource: PaypalRefundEvent['resource']): string | null {
  const up = resource.links?.find((l) => l.rel === 'up')?.href;
  const fromLink = up ? (/\/v2\/payments\/captures\/([A-Za-z0-9-]{1,64})\/?$/.exec(up)?.[1] ?? null) : null;
  const fromIds = resource.supplementary_data?.related_ids?.capture_id ?? null;
  if (fromLink && fromIds && fromLink !== fromIds) return null;
  return fromLink ?? fromIds;
}
