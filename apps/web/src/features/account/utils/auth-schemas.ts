// Client-side forms of the account pages (docs/product.md → Validation rules): the shared field rules plus the two
// confirmation checks. The mismatch checks run even when another field is invalid, so the
// user sees every problem at once.
import { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { emailField, nameField, newPasswordField } from '@store/shared/schemas/user';

const always = { when: () => true };

export const loginFormSchema = z.object({
  email: emailField,
  password: z.string().min(1, { error: MSG.required }),
});
export type LoginFormValues = z.input<typeof loginFormSchema>;

export const registerFormSchema = z
  .object({
    name: nameField,
    email: emailField,
    confirmEmail: z.string(),
    password: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine(
    (v) =>
      String(v.email ?? '')
        .trim()
        .toLowerCase() ===
      String(v.confirmEmail ?? '')
        .trim()
        .toLowerCase(),
    { path: ['confirmEmail'], error: MSG.emailsDoNotMatch, ...always },
  )
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: MSG.passwordsDoNotMatch,
    ...always,
  });
export type RegisterFormValues = z.input<typeof registerFormSchema>;

export const resetRequestFormSchema = z.object({ email: emailField });
export type ResetRequestFormValues = z.input<typeof resetRequestFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: MSG.passwordsDoNotMatch,
    ...always,
  });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;
