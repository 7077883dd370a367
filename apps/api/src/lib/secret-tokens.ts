// Single-use secrets sent by e-mail (password reset): 256 random bits from the CSPRNG,
// stored only as their SHA-256.

import { createHash, randomBytes } from 'node:crypto';

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
