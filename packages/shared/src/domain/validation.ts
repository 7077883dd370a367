// Validation rules shared by forms and API (docs/product.md → Validation rules).

/** Name: forced to uppercase, only A-Z, Ñ and spaces. */
export const NAME_PATTERN = /^[A-ZÑ ]+$/;

/** Uppercases and drops accents (Á → A) but keeps Ñ, so 'María Peña' → 'MARIA PEÑA'. */
function foldToNameAlphabet(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/Ñ/g, '\u{E000}')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\u{E000}/gu, 'Ñ');
}

export function normalizeName(raw: string): string {
  return foldToNameAlphabet(raw).replace(/\s+/g, ' ').trim();
}

/** Keeps only what the name field accepts while typing (uppercase A-Z, Ñ, spaces). */
export function sanitizeNameInput(raw: string): string {
  return foldToNameAlphabet(raw).replace(/[^A-ZÑ ]/g, '');
}

export const NUMERIC_PATTERN = /^\d+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** A short list of the most common passwords (OWASP: refuse very common ones). */
export const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'contraseña',
  'contrasena',
  'qwerty123',
  'qwertyui',
  '11111111',
  '00000000',
  'iloveyou',
  'abc12345',
  'admin123',
  'abcd1234',
  'password123',
  '87654321',
  'asdfghjk',
  'mexico123',
  'tequiero',
]);
