// Rejecting a participant-type request: the reason is required (the member reads it in the
// e-mail and on Mi cuenta).
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { USER_TYPE_LABELS } from '@store/shared/constants';
import type { AdminParticipantRequest } from '@store/shared/schemas/admin/participant-types';
import { ReasonDialog } from '../../../../components/admin/reason-dialog';

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
  return (
    <ReasonDialog
      key={request?._id ?? 'none'}
      open={Boolean(request)}
      title="Rechazar la solicitud"
      description={
        request
          ? `${request.member.name} pidió ${USER_TYPE_LABELS[request.requestedType].toLowerCase()}. Seguirá pagando la cuota general y recibirá el motivo por correo.`
          : undefined
      }
      confirm="Rechazar"
      tone="danger"
      maxLength={500}
      hint="La persona lo recibe por correo y lo ve en Mi cuenta."
      validate={(text) =>
        !text
          ? ADMIN_MSG.participantRejectReasonRequired
          : text.length > 500
            ? ADMIN_MSG.participantRejectReasonTooLong
            : undefined
      }
      busy={busy}
      onConfirm={(reason) => request && onConfirm(request, reason)}
      onClose={onClose}
    />
  );
}
