// Envelope shared by every API response (docs/product.md → API): JSON with success and, on errors,
// a Spanish message.

import { z } from 'zod';

export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  /** What the client can do besides showing it: `restart` = reopen PayPal on the same order. */
  reason: z.enum(['restart']).optional(),
  /** A form refused field by field: the field's key (a question's id, a list's index) → its message. */
  problems: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});
export type OkResponse = z.infer<typeof okResponse>;

export const uuid = z.uuid({ error: 'Identificador no válido' });
/** Amounts exchanged with the API are pesos with at most two decimals. */
export const pesos = z.number({ error: 'Monto no válido' }).nonnegative().max(10_000_000);
