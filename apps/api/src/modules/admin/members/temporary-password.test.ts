import { describe, expect, it } from 'vitest';
import { newPasswordField } from '@store/shared/schemas/user';
import { newTemporaryPassword } from './temporary-password';

describe('newTemporaryPassword', () => {
  it('is four groups of four unambiguous characters that the password rules accept', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = newTemporaryPassword();
      expect(password).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
      expect(newPasswordField.safeParse(password).success).toBe(true);
    }
  });

  it('draws every time anew, over the whole alphabet', () => {
    const passwords = Array.from({ length: 500 }, newTemporaryPassword);
    expect(new Set(passwords).size).toBe(passwords.length);
    const seen = new Set(passwords.join('').replaceAll('-', ''));
    expect(seen.size).toBe(31);
  });
});
