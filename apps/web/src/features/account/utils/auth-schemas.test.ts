import { describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { registerFormSchema, resetPasswordFormSchema } from './auth-schemas';

const valid = {
  name: 'María Peña',
  email: 'Maria@Ejemplo.mx',
  confirmEmail: 'maria@ejemplo.mx ',
  password: 'una-clave-larga',
  confirmPassword: 'una-clave-larga',
};

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('registerFormSchema', () => {
  it('accepts matching fields and normalises the name to A-Z, Ñ and spaces', () => {
    const r = registerFormSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data?.name).toBe('MARIA PEÑA');
  });

  it('reports both mismatches, even when another field is invalid too', () => {
    const r = registerFormSchema.safeParse({
      ...valid,
      name: '1',
      confirmEmail: 'otro@ejemplo.mx',
      confirmPassword: 'otra-clave-larga',
    });
    expect(messages(r)).toMatchObject({
      confirmEmail: MSG.emailsDoNotMatch,
      confirmPassword: MSG.passwordsDoNotMatch,
      name: MSG.invalidName,
    });
    expect(messages(registerFormSchema.safeParse({ ...valid, name: '  ' }))).toMatchObject({
      name: MSG.nameRequired,
    });
  });

  it('refuses short and very common passwords', () => {
    expect(
      messages(registerFormSchema.safeParse({ ...valid, password: 'corta', confirmPassword: 'corta' })),
    ).toEqual({
      password: MSG.passwordTooShort,
    });
    expect(
      messages(
        registerFormSchema.safeParse({ ...valid, password: 'password123', confirmPassword: 'password123' }),
      ),
    ).toEqual({ password: MSG.passwordTooCommon });
  });
});

describe('resetPasswordFormSchema', () => {
  it('needs the two passwords to match', () => {
    expect(
      messages(resetPasswordFormSchema.safeParse({ password: 'nueva-clave-1', confirmPassword: 'x' })),
    ).toEqual({
      confirmPassword: MSG.passwordsDoNotMatch,
    });
    expect(
      resetPasswordFormSchema.safeParse({ password: 'nueva-clave-1', confirmPassword: 'nueva-clave-1' })
        .success,
    ).toBe(true);
  });
});
