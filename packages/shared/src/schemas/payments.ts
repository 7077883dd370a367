// Payment-provider calls (docs/product.md → PayPal payment, Deliberate changes): the PayPal buttons' createOrder
// and the public PayPal configuration the checkout needs. The order bodies (order/paypal,
// order/stripe, verifyStripe) live in ./order.

import { z } from 'zod';
import { placeOrderBody } from './order';

/** GET /api/paypal/config: what the browser needs to load the SDK, or why it cannot. */
export const paypalConfigResponse = z.discriminatedUnion('configured', [
  z.object({
    success: z.literal(true),
    configured: z.literal(true),
    clientId: z.string(),
    /** The SDK script is `${sdkBase}/sdk/js`. */
    sdkBase: z.string(),
    currency: z.literal('MXN'),
  }),
  z.object({ success: z.literal(true), configured: z.literal(false), message: z.string() }),
]);
export type PaypalConfigResponse = z.infer<typeof paypalConfigResponse>;

/** POST /api/paypal/create-order: the checkout's address, lines and shown totals. */
export const paypalCreateOrderBody = placeOrderBody;
export type PaypalCreateOrderBody = z.input<typeof paypalCreateOrderBody>;

export const paypalCreateOrderResponse = z.object({
  success: z.literal(true),
  /** The PayPal order id the buttons' createOrder returns. */
  id: z.string(),
  /** Our pending order. */
  orderId: z.string(),
});
export type PaypalCreateOrderResponse = z.infer<typeof paypalCreateOrderResponse>;

/** POST /api/paypal/cancel-order: the buyer closed PayPal's window without paying. */
export const paypalCancelOrderBody = z.object({ paypalOrderId: z.string().min(1).max(64) });
export type PaypalCancelOrderBody = z.infer<typeof paypalCancelOrderBody>;

/** order/paypal and verifyStripe on success. */
export const paymentDoneResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: z.string(),
});
export type PaymentDoneResponse = z.infer<typeof paymentDoneResponse>;

/** Provider webhooks: acknowledged (PayPal and Stripe retry anything but 2xx). */
export const webhookAckResponse = z.object({ success: z.literal(true) });
