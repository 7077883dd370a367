// "Datos para constancias" card of Mi cuenta: the name exactly as it must appear on a
// constancia (accents and lower case kept), cédula profesional, specialty and institution.
// Asked for once; shown afterwards with an edit button.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Award, Pencil } from 'lucide-react';
import { MSG } from '@store/shared/messages';
import {
  professionalProfileInput,
  type ProfessionalProfile,
  type ProfessionalProfileInput,
} from '@store/shared/schemas/attendance';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { formResolver } from '../../../lib/form-resolver';
import { errorMessage, notify } from '../../../lib/notify';
import { useProfessionalProfile, useSaveProfessionalProfile } from '../api/professional-profile';

export function ProfessionalProfileCard() {
  const profile = useProfessionalProfile();
  const [editing, setEditing] = useState(false);

  return (
    <Card aria-labelledby="account-professional-title">
      <CardHeader>
        <CardTitle id="account-professional-title">Datos para constancias</CardTitle>
        <CardDescription>
          Tu constancia llevará estos datos tal como los escribas aquí: revisa acentos, mayúsculas y
          minúsculas.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {profile.isError ? (
          <Alert tone="error" title={profile.error.message}>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void profile.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : profile.isPending ? (
          <Skeleton className="h-32 w-full rounded-lg" />
        ) : profile.data && !editing ? (
          <div className="space-y-4">
            <dl className="grid gap-4 sm:grid-cols-2">
              {(
                [
                  ['Nombre en la constancia', profile.data.certificateName],
                  ['Cédula profesional', profile.data.cedula],
                  ['Especialidad', profile.data.specialty],
                  ['Institución', profile.data.institution],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="min-w-0">
                  <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
                  <dd className="mt-1 text-sm break-words text-ink">{value}</dd>
                </div>
              ))}
            </dl>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Editar datos
            </Button>
          </div>
        ) : (
          <>
            {!profile.data && (
              <Alert className="mb-4">
                <span className="flex items-start gap-2">
                  <Award aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  {MSG.profileNeeded}
                </span>
              </Alert>
            )}
            <ProfessionalProfileForm
              initial={profile.data ?? null}
              onSaved={() => setEditing(false)}
              onCancel={profile.data ? () => setEditing(false) : undefined}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ProfessionalProfileForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: ProfessionalProfile | null;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const save = useSaveProfessionalProfile();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfessionalProfileInput>({
    resolver: formResolver(professionalProfileInput),
    defaultValues: initial ?? { certificateName: '', cedula: '', specialty: '', institution: '' },
  });
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (res) => {
        notify.success(res.message ?? MSG.profileSaved);
        onSaved();
      },
      onError: (err) => notify.error(errorMessage(err, MSG.genericProcessError)),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Nombre como debe aparecer en la constancia"
        hint="Por ejemplo: María José Núñez de la Peña"
        autoComplete="name"
        required
        containerClassName="sm:col-span-2"
        error={errors.certificateName?.message}
        {...register('certificateName')}
      />
      <TextField
        label="Cédula profesional"
        inputMode="numeric"
        required
        error={errors.cedula?.message}
        {...register('cedula')}
      />
      <TextField label="Especialidad" required error={errors.specialty?.message} {...register('specialty')} />
      <TextField
        label="Institución"
        autoComplete="organization"
        required
        containerClassName="sm:col-span-2"
        error={errors.institution?.message}
        {...register('institution')}
      />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          Guardar datos
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
        )}
      </div>
    </form>
  );
}
