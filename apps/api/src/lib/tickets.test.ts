// Ticket codes are canonical: the one code signTicket writes is accepted, and every code that
// differs from it in one character (any character of the alphabet, in any position, including
// the spare bits of each part's last base64url character) is refused.

import { describe, expect, it } from 'vitest';
import { signTicket, verifyTicket } from './tickets';

const SECRET = 'secreto-de-prueba-de-al-menos-32-caracteres';
const USER = '0d5c1f7e-6a3b-4c2d-9e8f-1a2b3c4d5e6f';
const DAY = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';

describe('ticket codes', () => {
  it('accepts the signed code and reads its user and day', () => {
    expect(verifyTicket(SECRET, signTicket(SECRET, USER, DAY))).toEqual({ userId: USER, productDayId: DAY });
  });

  it('refuses every single-character change of a ticket', () => {
    const code = signTicket(SECRET, USER, DAY);
    let tried = 0;
    for (let i = 0; i < code.length; i++) {
      for (const c of ALPHABET) {
        if (c === code[i]) continue;
        const changed = code.slice(0, i) + c + code.slice(i + 1);
        expect(verifyTicket(SECRET, changed), `${i}: ${changed}`).toBeNull();
        tried++;
      }
    }
    expect(tried).toBe(code.length * (ALPHABET.length - 1));
  });

  it('refuses a signature whose last character differs only in its spare bits', () => {
    const code = signTicket(SECRET, USER, DAY);
    const sig = code.slice(code.lastIndexOf('.') + 1);
    // 22 base64url characters carry 132 bits for 128: the last one's low 4 bits are padding.
    const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = digits.indexOf(sig[21]!);
    const sameBytes = digits[last ^ 1]!;
    expect(Buffer.from(sig.slice(0, 21) + sameBytes, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    expect(verifyTicket(SECRET, code.slice(0, -1) + sameBytes)).toBeNull();
  });
});
