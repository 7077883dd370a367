// Rejecting a participant-type request: the reason is required (the member reads it in the
// e-mail and on Mi cuenta).
import { useState, type FormEvent } from 'react';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { USER_TYPE_LABELS } from '@store/shared/constants';
import type { AdminParticipantRequest } from '@store/shared/schemas/admin/participant-types';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Textarea } from '../../../../components/ui/input';

export function RejectRequestDialog({
  request,
  busy,
  onConfirm,
  onClose,
}: {
  request: AdminParticipantRequest | null;
  busy: boolean;
  onConfirm: (request: AdminParticipantRequest, reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return setError(ADMIN_MSG.participantRejectReasonRequired);
    if (text.length > 500) return setError(ADMIN_MSG.participantRejectReasonTooLong);
    if (request) onConfirm(request, text);
    setReason('');
    setError(undefined);
  };
  return (
    <Dialog
      open={Boolean(request)}
      onClose={close}
      title="Rechazar la solicitud"
      description={
        request
          ? `${request.member.name} pidió ${USER_TYPE_LABELS[request.requestedType].toLowerCase()}. Seguirá pagando la cuota general y recibirá el motivo por correo.`
          : undefined
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Motivo" required error={error}>
          {(control) => (
            <Textarea
              {...control}
              data-autofocus
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            Rechazar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
