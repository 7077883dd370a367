// Constancia folios (docs/attendance.md → Folios).

import { randomInt } from 'node:crypto';

/** Crockford's base32 (no I, L, O, U): easy to read aloud and to type. */
const FOLIO_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 'K7Q2-9XMA-3TRB': 60 random bits from the CSPRNG, unrelated to any other folio. */
export function newFolio(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += FOLIO_ALPHABET[randomInt(FOLIO_ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}
