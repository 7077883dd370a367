// Helpers shared by the back-office schemas (/api/admin/*): query-string parsing, peso
// amounts, ids and paging. Money in pesos as everywhere in the API; dates as epoch
// milliseconds in responses.

import { z } from 'zod';

/** Query-string helper: an empty value counts as absent (forms send `?status=`). */
export const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Pesos with at most two decimals, within [min, 1 000 000]. */
export const pesosField = (message: string, min = 0) =>
  z
    .number({ error: message })
    .min(min, { error: message })
    .max(1_000_000, { error: message })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: message });

export const idParam = z.uuid({ error: 'Identificador no válido' });
export const adminIdParams = z.object({ id: idParam });

export const pageQuery = {
  page: optionalParam(z.coerce.number().int().min(1).max(100_000)).transform((v) => v ?? 1),
  pageSize: optionalParam(z.coerce.number().int().min(1).max(200)).transform((v) => v ?? 50),
};
