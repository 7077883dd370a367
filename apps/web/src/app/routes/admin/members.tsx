// /admin/members: accounts with search and filters; change a user type at once, a role
// after confirming (promoting gives full access to this back office); create an account by
// hand or give one a temporary password (shown once; the member changes it at first login).
import { useState } from 'react';
import { KeyRound, Upload, UserPlus } from 'lucide-react';
import { ROLES, USER_TYPE_LABELS, USER_TYPES, type Role, type UserType } from '@store/shared/constants';
import type { AdminMember } from '@store/shared/schemas/admin/members';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { useAssignTemporaryPassword } from '../../../features/admin/api/assign-temporary-password';
import { useAdminSession } from '../../../features/admin/api/get-admin-session';
import { useAdminMembers } from '../../../features/admin/api/get-members';
import { useUpdateMember } from '../../../features/admin/api/update-member';
import { AdminPageHeader } from '../../../features/admin/components/admin-page-header';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog';
import { DataTable, type Column } from '../../../features/admin/components/data-table';
import { MemberCreateDialog } from '../../../features/admin/components/member-create-dialog';
import { Pagination } from '../../../features/admin/components/pagination';
import { QueryState } from '../../../features/admin/components/query-state';
import { SearchField } from '../../../features/admin/components/search-field';
import {
  TemporaryPasswordDialog,
  type TemporaryPasswordResult,
} from '../../../features/admin/components/temporary-password-dialog';
import { formatDate } from '@store/shared/domain/time';
import { useDebounced } from '../../../features/admin/utils/use-debounced';
import { errorMessage, notify } from '../../../lib/notify';

const ROLE_LABELS: Record<Role, string> = { customer: 'Cliente', admin: 'Administración' };
const PAGE_SIZE = 25;

export function Component() {
  const [search, setSearch] = useState('');
  const [userType, setUserType] = useState<UserType | ''>('');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim());
  const members = useAdminMembers({
    search: debounced,
    userType: userType || undefined,
    role: role || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const me = useAdminSession().data;
  const update = useUpdateMember();
  const assign = useAssignTemporaryPassword();
  const [roleChange, setRoleChange] = useState<{ member: AdminMember; role: Role } | null>(null);
  const [resetting, setResetting] = useState<AdminMember | null>(null);
  const [creating, setCreating] = useState(false);
  const [password, setPassword] = useState<TemporaryPasswordResult | null>(null);

  const change = async (member: AdminMember, patch: { userType?: UserType; role?: Role }) => {
    try {
      await update.mutateAsync({ id: member._id, patch });
      notify.success(`${member.email}: cuenta actualizada`);
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo actualizar la cuenta'));
    } finally {
      setRoleChange(null);
    }
  };

  const assignPassword = async (member: AdminMember) => {
    try {
      const res = await assign.mutateAsync(member._id);
      setPassword({ member: res.member, temporaryPassword: res.temporaryPassword, created: false });
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo asignar la contraseña temporal'));
    } finally {
      setResetting(null);
    }
  };

  const filters = (next: () => void) => {
    next();
    setPage(1);
  };

  const columns: Column<AdminMember>[] = [
    {
      header: 'Nombre',
      className: 'max-w-72',
      cell: (m) => (
        <>
          <span className="block font-medium text-ink">{m.name}</span>
          <span className="block truncate text-xs text-slate-500">{m.email}</span>
          {m.mustChangePassword && (
            <Badge tone="warning" className="mt-1">
              Debe definir su contraseña
            </Badge>
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
          disabled={update.isPending}
          onChange={(e) => void change(m, { userType: e.target.value as UserType })}
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
          disabled={update.isPending || m._id === me?._id}
          title={m._id === me?._id ? 'No puedes quitarte el rol de administrador a ti mismo' : undefined}
          onChange={(e) => setRoleChange({ member: m, role: e.target.value as Role })}
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
      cell: (m) =>
        // Your own password goes through «¿Olvidaste tu contraseña?»: this would end your session.
        m._id === me?._id ? null : (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Asignar contraseña temporal a ${m.email}`}
            title="Asignar contraseña temporal"
            onClick={() => setResetting(m)}
          >
            <KeyRound aria-hidden="true" className="h-5 w-5" />
          </Button>
        ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Miembros"
        description="Cuentas de la tienda. El tipo de usuario decide qué cupones puede usar cada quien."
        actions={
          <>
            <Button onClick={() => setCreating(true)}>
              <UserPlus aria-hidden="true" className="h-4 w-4" />
              Nueva cuenta
            </Button>
            <ButtonLink to="/admin/members/import" variant="secondary">
              <Upload aria-hidden="true" className="h-4 w-4" />
              Importar CSV
            </ButtonLink>
          </>
        }
      />
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_12rem]">
        <SearchField
          label="Buscar por nombre o correo"
          placeholder="Buscar por nombre o correo"
          value={search}
          onChange={(v) => filters(() => setSearch(v))}
        />
        <Select
          aria-label="Tipo de usuario"
          value={userType}
          onChange={(e) => filters(() => setUserType(e.target.value as UserType | ''))}
        >
          <option value="">Todos los tipos</option>
          {USER_TYPES.map((t) => (
            <option key={t} value={t}>
              {USER_TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Rol"
          value={role}
          onChange={(e) => filters(() => setRole(e.target.value as Role | ''))}
        >
          <option value="">Todos los roles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
      </div>

      <QueryState
        query={members}
        loadingLabel="Cargando cuentas…"
        isEmpty={(d) => d.members.length === 0}
        empty="Ninguna cuenta coincide con la búsqueda."
      >
        {(data) => (
          <>
            <DataTable label="Miembros" rows={data.members} rowKey={(m) => m._id} columns={columns} />
            <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={roleChange !== null}
        title={
          roleChange?.role === 'admin'
            ? '¿Dar acceso de administración?'
            : '¿Quitar el acceso de administración?'
        }
        description={
          roleChange
            ? roleChange.role === 'admin'
              ? `${roleChange.member.email} podrá ver y cambiar eventos, órdenes, cupones y cuentas.`
              : `${roleChange.member.email} dejará de entrar a la administración de inmediato.`
            : undefined
        }
        confirmLabel={roleChange?.role === 'admin' ? 'Dar acceso' : 'Quitar acceso'}
        danger={roleChange?.role !== 'admin'}
        busy={update.isPending}
        onConfirm={() => roleChange && change(roleChange.member, { role: roleChange.role })}
        onClose={() => setRoleChange(null)}
      />
      <ConfirmDialog
        open={resetting !== null}
        title="¿Asignar una contraseña temporal?"
        description={
          resetting
            ? `La tienda generará una contraseña nueva para ${resetting.email} y la verás una sola vez. Su contraseña actual dejará de funcionar y se cerrarán sus sesiones abiertas; al entrar con la temporal, se le pedirá elegir una propia.`
            : undefined
        }
        confirmLabel="Asignar contraseña temporal"
        danger
        busy={assign.isPending}
        onConfirm={() => resetting && assignPassword(resetting)}
        onClose={() => setResetting(null)}
      />
      <MemberCreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreating(false);
          setPassword(result);
        }}
      />
      <TemporaryPasswordDialog result={password} onClose={() => setPassword(null)} />
    </>
  );
}
