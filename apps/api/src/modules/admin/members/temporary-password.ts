// The temporary passwords the association's desk hands to a member (read out on the phone or
// written on paper): 16 symbols from the CSPRNG in four groups of four, from an alphabet
// without look-alikes (no i, l, o, 0, 1) and in one case, so they survive being dictated.
// 31^16 ≈ 2^79: far beyond guessing, and the member must replace it at first login anyway.

import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

export function newTemporaryPassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g += 1) {
    let group = '';
    // randomInt draws without modulo bias.
    for (let i = 0; i < GROUP_LENGTH; i += 1) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}
