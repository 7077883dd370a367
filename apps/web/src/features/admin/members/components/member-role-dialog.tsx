// Confirms giving or taking away the back office: promoting gives full access to it.
import type { Role } from '@store/shared/constants';
import type { AdminMember } from '@store/shared/schemas/admin/members';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';

export interface RoleChange {
  member: AdminMember;
  role: Role;
}

export function MemberRoleDialog({
  change,
  busy,
  onConfirm,
  onClose,
}: {
  /** The change to confirm; null = closed. */
  change: RoleChange | null;
  busy: boolean;
  onConfirm: (change: RoleChange) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={change !== null}
      title={
        change?.role === 'admin' ? '¿Dar acceso de administración?' : '¿Quitar el acceso de administración?'
      }
      description={
        change
          ? change.role === 'admin'
            ? `${change.member.email} podrá ver y cambiar eventos, órdenes, cupones y cuentas.`
            : `${change.member.email} dejará de entrar a la administración de inmediato.`
          : undefined
      }
      confirmLabel={change?.role === 'admin' ? 'Dar acceso' : 'Quitar acceso'}
      danger={change?.role !== 'admin'}
      busy={busy}
      onConfirm={() => change && onConfirm(change)}
      onClose={onClose}
    />
  );
}
