// Confirms giving a member a temporary password: it is shown once, their current password and
// sessions end, and they choose their own at the next sign-in (docs/product.md → First login).
import type { AdminMember } from '@store/shared/schemas/admin/members';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';

export function AssignPasswordDialog({
  member,
  busy,
  onConfirm,
  onClose,
}: {
  /** The member to confirm for; null = closed. */
  member: AdminMember | null;
  busy: boolean;
  onConfirm: (member: AdminMember) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={member !== null}
      title="¿Asignar una contraseña temporal?"
      description={
        member
          ? `La tienda generará una contraseña nueva para ${member.email} y la verás una sola vez. Su contraseña actual dejará de funcionar y se cerrarán sus sesiones abiertas; al entrar con la temporal, se le pedirá elegir una propia.`
          : undefined
      }
      confirmLabel="Asignar contraseña temporal"
      danger
      busy={busy}
      onConfirm={() => member && onConfirm(member)}
      onClose={onClose}
    />
  );
}
