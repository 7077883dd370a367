// The one react-hook-form resolver: it checks the form with the shared zod schema of the call it
// feeds, so the form shows exactly the server's Spanish messages. Forms whose fields are the
// payload pass only the schema; forms whose fields are text (amounts, limits, dates) pass
// `toPayload` to build the payload first, and `fieldOf` when an issue belongs to another field.
// The submit handler always receives the form's own values; the API parses them again.
// Also the text → number readers those forms use.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

function setPath(target: Record<string, unknown>, path: (string | number)[], message: string): void {
  let node: Record<string, unknown> = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const k = String(key);
    if (last) {
      if (!node[k]) node[k] = { type: 'validation', message };
      return;
    }
    const next = node[k];
    if (typeof next !== 'object' || next === null || 'message' in next) {
      node[k] = typeof path[i + 1] === 'number' ? [] : {};
    }
    node = node[k] as Record<string, unknown>;
  });
}

export function formResolver<F extends FieldValues, S extends z.ZodType = z.ZodType>(
  schema: S,
  toPayload: (values: F) => unknown = (values) => values,
  /** Maps an issue path to the form field that shows it (default: the same path). */
  fieldOf: (path: (string | number)[]) => (string | number)[] = (p) => p,
): Resolver<F> {
  return (values) => {
    const result = schema.safeParse(toPayload(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = fieldOf(issue.path.filter((p): p is string | number => typeof p !== 'symbol'));
      setPath(errors, path.length > 0 ? path : ['root'], issue.message);
    }
    return { values: {}, errors: errors as FieldErrors<F> };
  };
}

/** '1,250.50' or '1250,5' → 1250.5; empty or unreadable → NaN (the schema then refuses it). */
export function parseAmount(text: string): number {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return Number.NaN;
  // A comma followed by exactly 1-2 digits at the end is a decimal comma; other commas group.
  const normalised = /,\d{1,2}$/.test(t) && !t.includes('.') ? t.replace(',', '.') : t.replace(/,/g, '');
  return /^\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

/** '' → null; a whole number → that number; anything else → NaN. */
export function parseOptionalInt(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}
