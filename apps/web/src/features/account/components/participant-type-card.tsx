// "Tipo de participante" card of Mi cuenta (id #tipo-de-participante, linked from the product
// page): the verified type the price uses, the request in review or the rejection reason, and
// the form to ask for another type with a proof (PDF, JPG or PNG up to 5 MB; the server checks
// the file's content). Until the association approves it the general price applies.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { BadgeCheck, Upload } from 'lucide-react';
import { USER_TYPE_LABELS } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import {
  PROOF_MAX_BYTES,
  REQUESTABLE_TYPES,
  type NewParticipantType,
} from '@store/shared/schemas/participant-types';
import { formatDateTime } from '@store/shared/domain/time';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input, Select } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage, notify } from '../../../lib/notify';
import {
  useCancelParticipantTypeRequest,
  useParticipantType,
  useRequestParticipantType,
} from '../api/participant-type';

export const PARTICIPANT_TYPE_ANCHOR = 'tipo-de-participante';
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const ACCEPTED = /\.(pdf|jpe?g|png)$/i;

/** The browser's first check (the server reads the bytes): a Spanish message, or null. */
export function proofProblem(file: File | null): string | null {
  if (!file || file.size === 0) return MSG.proofRequired;
  if (!ACCEPTED.test(file.name)) return MSG.proofType;
  if (file.size > PROOF_MAX_BYTES) return MSG.proofTooLarge;
  return null;
}

export function ParticipantTypeCard() {
  const current = useParticipantType();
  const send = useRequestParticipantType();
  const cancel = useCancelParticipantTypeRequest();
  const [type, setType] = useState<NewParticipantType | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ type?: string; file?: string }>({});
  const [formKey, setFormKey] = useState(0);
  const cardRef = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const loaded = Boolean(current.data);

  // Linked from the product page (/account#tipo-de-participante): the card loads after the
  // page, so the browser's own jump to the anchor happens too early.
  useEffect(() => {
    if (loaded && hash === `#${PARTICIPANT_TYPE_ANCHOR}`)
      cardRef.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      type: type === '' ? MSG.participantTypeInvalid : undefined,
      file: proofProblem(file) ?? undefined,
    };
    setErrors(next);
    if (next.type || next.file || type === '' || !file) return;
    send.mutate(
      { type, file },
      {
        onSuccess: (res) => {
          notify.success(res.message ?? MSG.participantTypeRequestSent);
          setType('');
          setFile(null);
          setFormKey((k) => k + 1);
        },
        onError: (err) => notify.error(errorMessage(err, 'No se pudo enviar tu solicitud')),
      },
    );
  };

  const data = current.data;
  const open = data?.request?.status === 'solicitada' ? data.request : null;
  const rejected = data?.request?.status === 'rechazada' ? data.request : null;
  const choices = REQUESTABLE_TYPES.filter((t) => t !== data?.userType);

  return (
    <Card
      ref={cardRef}
      aria-labelledby="account-participant-title"
      id={PARTICIPANT_TYPE_ANCHOR}
      className="scroll-mt-24"
    >
      <CardHeader>
        <CardTitle id="account-participant-title">Tipo de participante</CardTitle>
        <CardDescription>
          Las cuotas preferentes (especialistas, residentes, enfermería, estudiantes, personal del hospital
          sede) se aplican cuando la asociación verifica tu tipo de participante con un comprobante.
          {current.data?.userType === 'general' && ' Mientras tanto pagas la cuota general.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {current.isError ? (
          <Alert tone="error" title={current.error.message}>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void current.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : !data ? (
          <div aria-busy="true">
            <p className="sr-only" role="status">
              Cargando tu tipo de participante…
            </p>
            <Skeleton className="h-24 w-full rounded-lg" />
          </div>
        ) : (
          <>
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <BadgeCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
              <span>
                Tipo verificado:{' '}
                <strong data-testid="verified-type">{USER_TYPE_LABELS[data.userType]}</strong>
              </span>
            </p>
            {open ? (
              <Alert tone="info" title="Solicitud en revisión">
                <p>
                  Pediste el tipo <strong>{USER_TYPE_LABELS[open.requestedType]}</strong> el{' '}
                  {formatDateTime(open.createdAt)} con el comprobante «{open.fileName}». Te avisaremos por
                  correo cuando la asociación la revise.
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-3"
                  loading={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(undefined, {
                      onSuccess: (res) => notify.success(res.message ?? MSG.participantTypeRequestCancelled),
                      onError: (err) => notify.error(errorMessage(err, 'No se pudo cancelar tu solicitud')),
                    })
                  }
                >
                  Cancelar solicitud
                </Button>
              </Alert>
            ) : (
              <>
                {rejected && (
                  <Alert tone="error" title="Tu última solicitud no fue aprobada">
                    Pediste el tipo {USER_TYPE_LABELS[rejected.requestedType]}. Motivo: {rejected.reason}.
                    Puedes enviar una nueva solicitud con otro comprobante.
                  </Alert>
                )}
                <form key={formKey} onSubmit={onSubmit} noValidate className="space-y-4">
                  <Field label="Tipo que solicitas" required error={errors.type}>
                    {(control) => (
                      <Select
                        {...control}
                        value={type}
                        onChange={(e) => setType(e.target.value as NewParticipantType | '')}
                      >
                        <option value="">Elige un tipo</option>
                        {choices.map((t) => (
                          <option key={t} value={t}>
                            {USER_TYPE_LABELS[t]}
                          </option>
                        ))}
                      </Select>
                    )}
                  </Field>
                  <Field
                    label="Comprobante"
                    required
                    error={errors.file}
                    hint="Cédula, constancia de residencia, credencial de estudiante o de trabajo: PDF, JPG o PNG de hasta 5 MB. Solo lo ve la asociación."
                  >
                    {(control) => (
                      <Input
                        {...control}
                        type="file"
                        accept={ACCEPT}
                        className="h-auto py-2"
                        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                      />
                    )}
                  </Field>
                  <Button type="submit" loading={send.isPending}>
                    <Upload aria-hidden="true" className="h-4 w-4" />
                    Enviar solicitud
                  </Button>
                </form>
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
