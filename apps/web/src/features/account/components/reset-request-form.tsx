// The password-reset request view of /login (docs/product.md → Login form): asks for the e-mail to send the link to.
import { useForm } from 'react-hook-form';
import { formResolver } from '../../../lib/form-resolver';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { resetRequestFormSchema, type ResetRequestFormValues } from '../utils/auth-schemas';
import { AccountCardHeading } from './account-card-heading';

export interface ResetRequestFormProps {
  onSubmit: (email: string) => Promise<void>;
  onBack: () => void;
}

export function ResetRequestForm({ onSubmit, onBack }: ResetRequestFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestFormValues>({
    resolver: formResolver(resetRequestFormSchema),
    defaultValues: { email: '' },
  });
  return (
    <form
      onSubmit={handleSubmit((v) => onSubmit(v.email))}
      noValidate
      className="space-y-4"
      aria-labelledby="reset-title"
    >
      <AccountCardHeading id="reset-title" title="Restablecer contraseña">
        Escribe el correo de tu cuenta y te enviaremos un enlace para crear una contraseña nueva.
      </AccountCardHeading>
      <TextField
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        Enviar enlace
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="block w-full text-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Volver a iniciar sesión
      </button>
    </form>
  );
}
