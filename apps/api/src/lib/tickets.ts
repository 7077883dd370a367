// In-person tickets (docs/attendance.md → Tickets): signed here, checked at the door by the
// attendance module, printed in the order confirmation e-mail by the mail module.
//
// A ticket is the text its QR holds: `AMACC1.<user+day ids>.<HMAC>`. The MAC (SHA-256 keyed
// from JWT_SECRET, truncated to 128 bits) makes a ticket impossible to forge or to edit into
// another person's or another day's, and each ticket has one spelling only (any changed
// character is refused, even in the spare bits of the last base64url character); a valid
// ticket of a refunded order is refused at the door by the paid-order check, not by the
// signature.

import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'AMACC1';

function ticketKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('ticket-key-v1').digest();
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const bytesUuid = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', ticketKey(secret)).update(`${PREFIX}.${payload}`).digest().subarray(0, 16);
}

export function signTicket(secret: string, userId: string, productDayId: string): string {
  const payload = Buffer.concat([uuidBytes(userId), uuidBytes(productDayId)]).toString('base64url');
  return `${PREFIX}.${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The ticket's user and day, or null for anything not signed by us. */
export function verifyTicket(secret: string, code: string): { userId: string; productDayId: string } | null {
  const parts = code.trim().split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const [, payload, sig] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{43}$/.test(payload) || !/^[A-Za-z0-9_-]{22}$/.test(sig)) return null;
  // Base64url's last character carries spare bits that decoding ignores: only the one
  // canonical spelling of each part is a ticket, so a ticket has exactly one code.
  if (Buffer.from(payload, 'base64url').toString('base64url') !== payload) return null;
  const given = Buffer.from(sig, 'base64url');
  if (given.toString('base64url') !== sig) return null;
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 32) return null;
  return { userId: bytesUuid(bytes.subarray(0, 16)), productDayId: bytesUuid(bytes.subarray(16)) };
}
