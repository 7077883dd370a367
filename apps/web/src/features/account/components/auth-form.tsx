// Sign in (Acceso) or register (Registro) on one form (docs/product.md → Login form, Validation rules): the toggle keeps what
// was typed but clears the two confirmation fields; the name is forced to uppercase A-Z, Ñ
// and spaces while typing; both mismatch messages show beside their fields and as toasts.
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { formResolver } from '../../../lib/form-resolver';
import { sanitizeNameInput } from '@store/shared/domain/validation';
import { MSG } from '@store/shared/messages';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/input';
import { notify } from '../../../lib/notify';
import { AccountCardHeading } from './account-card-heading';
import {
  loginFormSchema,
  registerFormSchema,
  type LoginFormValues,
  type RegisterFormValues,
} from '../utils/auth-schemas';

export type AuthMode = 'login' | 'register';

const resolvers: Record<AuthMode, Resolver<RegisterFormValues>> = {
  // The login schema reads only email and password of the same form values.
  login: formResolver<RegisterFormValues>(loginFormSchema),
  register: formResolver(registerFormSchema),
};

const EMPTY: RegisterFormValues = {
  name: '',
  email: '',
  confirmEmail: '',
  password: '',
  confirmPassword: '',
};

export interface AuthFormProps {
  onLogin: (values: LoginFormValues) => Promise<void>;
  onRegister: (values: RegisterFormValues) => Promise<void>;
  onForgotPassword: () => void;
}

export function AuthForm({ onLogin, onRegister, onForgotPassword }: AuthFormProps) {
  const [mode, setMode] = useState<AuthMode>('login');
  const {
    register,
    handleSubmit,
    resetField,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({ resolver: resolvers[mode], defaultValues: EMPTY });

  const switchMode = () => {
    resetField('confirmEmail');
    resetField('confirmPassword');
    clearErrors();
    setMode((m) => (m === 'login' ? 'register' : 'login'));
  };

  const onInvalid = (errs: FieldErrors<RegisterFormValues>) => {
    if (errs.confirmEmail?.message === MSG.emailsDoNotMatch) notify.error(MSG.emailsDoNotMatch);
    if (errs.confirmPassword?.message === MSG.passwordsDoNotMatch) notify.error(MSG.passwordsDoNotMatch);
  };

  const submit = handleSubmit(async (values) => {
    if (mode === 'login') await onLogin({ email: values.email, password: values.password });
    else await onRegister(values);
  }, onInvalid);

  const name = register('name');
  const isRegister = mode === 'register';
  const title = isRegister ? 'Registro' : 'Acceso';

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="auth-title">
      <AccountCardHeading id="auth-title" title={title} />
      {isRegister && (
        <TextField
          label="Nombre completo"
          autoComplete="name"
          required
          hint="En mayúsculas, solo letras y espacios. El nombre de tus constancias, con acentos, lo escribes en Mi cuenta."
          error={errors.name?.message}
          {...name}
          onChange={(e) => {
            e.target.value = sanitizeNameInput(e.target.value);
            return name.onChange(e);
          }}
        />
      )}
      <TextField
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      {isRegister && (
        <TextField
          label="Confirmar correo electrónico"
          type="email"
          autoComplete="email"
          required
          error={errors.confirmEmail?.message}
          {...register('confirmEmail')}
        />
      )}
      <TextField
        label="Contraseña"
        type="password"
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        required
        hint={isRegister ? 'Al menos 8 caracteres.' : undefined}
        error={errors.password?.message}
        {...register('password')}
      />
      {isRegister && (
        <TextField
          label="Confirmar contraseña"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      )}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={onForgotPassword}
          className="text-slate-700 underline-offset-4 hover:underline"
        >
          ¿Olvidaste tu contraseña?
        </button>
        <button
          type="button"
          onClick={switchMode}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {isRegister ? 'Iniciar sesión' : 'Crear cuenta'}
        </button>
      </div>
      <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
        {isRegister ? 'Registrarse' : 'Iniciar sesión'}
      </Button>
    </form>
  );
}
