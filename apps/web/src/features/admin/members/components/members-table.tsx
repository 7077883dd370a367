// The members list of /admin/members: name and e-mail (with «Sin contraseña aún» for an
// account made for someone else whose owner has not chosen a password yet, else «Debe definir
// su contraseña» after a temporary one), user type and role pickers, paid orders, sign-up date,
// the scholarships and the temporary-password action (never on one's own account).
import { GraduationCap, KeyRound } from 'lucide-react';
import { ROLES, USER_TYPE_LABELS, USER_TYPES, type Role, type UserType } from '@store/shared/constants';
import type { AdminMember } from '@store/shared/schemas/admin/members';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/input';
import { ROLE_LABELS } from '../../../../lib/admin/format';
import { formatDate } from '@store/shared/domain/time';
import { DataTable, type Column } from '../../../../components/admin/data-table';

export interface MembersTableProps {
  members: AdminMember[];
  /** The signed-in administrator, who cannot change their own role or password here. */
  meId: string | undefined;
  /** While a change is being saved. */
  busy: boolean;
  /** A new user type, applied at once. */
  onUserType: (member: AdminMember, userType: UserType) => void;
  /** A new role, to be confirmed. */
  onRole: (member: AdminMember, role: Role) => void;
  onAssignPassword: (member: AdminMember) => void;
  onScholarships: (member: AdminMember) => void;
}

export function MembersTable({
  members,
  meId,
  busy,
  onUserType,
  onRole,
  onAssignPassword,
  onScholarships,
}: MembersTableProps) {
  const columns: Column<AdminMember>[] = [
    {
      header: 'Nombre',
      className: 'max-w-72',
      cell: (m) => (
        <>
          <span className="block font-medium text-ink">{m.name}</span>
          <span className="block truncate text-xs text-slate-500">{m.email}</span>
          {!m.hasPassword ? (
            <Badge className="mt-1" title="Aún no elige su contraseña con el enlace que recibió por correo">
              Sin contraseña aún
            </Badge>
          ) : (
            m.mustChangePassword && (
              <Badge tone="warning" className="mt-1">
                Debe definir su contraseña
              </Badge>
            )
          )}
        </>
      ),
    },
    {
      header: 'Tipo de usuario',
      cell: (m) => (
        <Select
          aria-label={`Tipo de usuario de ${m.email}`}
          value={m.userType}
          disabled={busy}
          onChange={(e) => onUserType(m, e.target.value as UserType)}
          className="h-9 min-w-48 text-sm"
        >
          {USER_TYPES.map((t) => (
            <option key={t} value={t}>
              {USER_TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      ),
    },
    {
      header: 'Rol',
      cell: (m) => (
        <Select
          aria-label={`Rol de ${m.email}`}
          value={m.role}
          disabled={busy || m._id === meId}
          title={m._id === meId ? 'No puedes quitarte el rol de administrador a ti mismo' : undefined}
          onChange={(e) => onRole(m, e.target.value as Role)}
          className="h-9 min-w-40 text-sm"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
      ),
    },
    { header: 'Órdenes pagadas', align: 'right', className: 'tabular-nums', cell: (m) => m.paidOrders },
    { header: 'Alta', className: 'whitespace-nowrap', cell: (m) => formatDate(m.createdAt) },
    {
      header: 'Acciones',
      hiddenHeader: true,
      className: 'text-right',
      cell: (m) => (
        <span className="inline-flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Becas de ${m.email}`}
            title="Becas"
            onClick={() => onScholarships(m)}
          >
            <GraduationCap aria-hidden="true" className="h-5 w-5" />
          </Button>
          {/* Your own password goes through «¿Olvidaste tu contraseña?»: this would end your session. */}
          {m._id !== meId && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Asignar contraseña temporal a ${m.email}`}
              title="Asignar contraseña temporal"
              onClick={() => onAssignPassword(m)}
            >
              <KeyRound aria-hidden="true" className="h-5 w-5" />
            </Button>
          )}
        </span>
      ),
    },
  ];

  return <DataTable label="Miembros" rows={members} rowKey={(m) => m._id} columns={columns} />;
}
