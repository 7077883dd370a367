// Create one account by hand (the association's desk, a member on the phone): name, e-mail
// and user type, checked with the shared schema; the server answers a temporary password,
// which the caller shows once.
import { useForm } from 'react-hook-form';
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from '@store/shared/constants';
import { adminMemberCreateBody } from '@store/shared/schemas/admin/members';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { SelectField, TextField } from '../../../../components/ui/input';
import { errorMessage } from '../../../../lib/notify';
import { useCreateMember } from '../api/create-member';
import { formResolver } from '../../../../lib/form-resolver';
import type { TemporaryPasswordResult } from './temporary-password-dialog';

interface MemberFormValues {
  name: string;
  email: string;
  userType: UserType;
}

const EMPTY: MemberFormValues = { name: '', email: '', userType: 'general' };
const resolver = formResolver<MemberFormValues, typeof adminMemberCreateBody>(
  adminMemberCreateBody,
  (v) => v,
);

export function MemberCreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (result: TemporaryPasswordResult) => void;
}) {
  const create = useCreateMember();
  const { register, handleSubmit, formState, reset, setError } = useForm<MemberFormValues>({
    defaultValues: EMPTY,
    resolver,
  });
  const errors = formState.errors;

  const close = () => {
    reset(EMPTY);
    create.reset();
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      const res = await create.mutateAsync(values);
      reset(EMPTY);
      onCreated({ member: res.member, temporaryPassword: res.temporaryPassword, created: true });
    } catch (err) {
      setError('root', { message: errorMessage(err, 'No se pudo crear la cuenta') });
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Nueva cuenta"
      description="Para quien no puede registrarse solo. La tienda genera una contraseña temporal que verás una sola vez; la persona elegirá la suya al entrar por primera vez."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors.root?.message && (
          <Alert tone="error" live>
            {errors.root.message}
          </Alert>
        )}
        <TextField
          label="Nombre completo"
          required
          autoComplete="off"
          hint="Se guarda en mayúsculas y sin acentos, como en el registro."
          error={errors.name?.message}
          data-autofocus
          {...register('name')}
        />
        <TextField
          label="Correo electrónico"
          type="email"
          required
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField label="Tipo de usuario" error={errors.userType?.message} {...register('userType')}>
          {USER_TYPES.map((t) => (
            <option key={t} value={t}>
              {USER_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Crear cuenta
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
