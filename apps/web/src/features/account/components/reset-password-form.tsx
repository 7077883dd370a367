// New password with its confirmation (docs/product.md → Validation rules: 'Las contraseñas no coinciden').
import { useForm } from 'react-hook-form';
import { formResolver } from '../../../lib/form-resolver';
import { MSG } from '@store/shared/messages';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { notify } from '../../../lib/notify';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../utils/auth-schemas';

/** `first`: the first password of an account the store made for the person (they are signed in after). */
export function ResetPasswordForm({
  onSubmit,
  first = false,
}: {
  onSubmit: (password: string) => Promise<void>;
  first?: boolean;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues>({
    resolver: formResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  return (
    <form
      onSubmit={handleSubmit(
        (v) => onSubmit(v.password),
        (errs) => {
          if (errs.confirmPassword?.message === MSG.passwordsDoNotMatch)
            notify.error(MSG.passwordsDoNotMatch);
        },
      )}
      noValidate
      className="space-y-4"
    >
      <TextField
        label={first ? 'Contraseña' : 'Nueva contraseña'}
        type="password"
        autoComplete="new-password"
        required
        hint="Al menos 8 caracteres."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={first ? 'Confirmar contraseña' : 'Confirmar nueva contraseña'}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        {first ? 'Guardar y entrar' : 'Guardar contraseña'}
      </Button>
    </form>
  );
}
