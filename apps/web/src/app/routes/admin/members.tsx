// /admin/members: accounts with search and filters; change a user type at once, a role
// after confirming (promoting gives full access to this back office).
import { useState } from 'react';
import { Search, Upload } from 'lucide-react';
import { ROLES, USER_TYPE_LABELS, USER_TYPES, type Role, type UserType } from '@store/shared/constants';
import type { AdminMember } from '@store/shared/schemas/admin';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { useAdminSession } from '../../../features/admin/api/get-admin-session';
import { useAdminMembers } from '../../../features/admin/api/get-members';
import { useUpdateMember } from '../../../features/admin/api/update-member';
import { AdminPageHeader } from '../../../features/admin/components/admin-page-header';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog';
import { Pagination } from '../../../features/admin/components/pagination';
import { formatDate } from '../../../features/admin/utils/format';
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
  const { data, isPending, isError, error, isFetching } = useAdminMembers({
    search: debounced,
    userType: userType || undefined,
    role: role || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const me = useAdminSession().data;
  const update = useUpdateMember();
  const [roleChange, setRoleChange] = useState<{ member: AdminMember; role: Role } | null>(null);

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

  const filters = (next: () => void) => {
    next();
    setPage(1);
  };

  return (
    <>
      <AdminPageHeader
        title="Miembros"
        description="Cuentas de la tienda. El tipo de usuario decide qué cupones puede usar cada quien."
        actions={
          <ButtonLink to="/admin/members/import">
            <Upload aria-hidden="true" className="h-4 w-4" />
            Importar CSV
          </ButtonLink>
        }
      />
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_12rem]">
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 h-5 w-5 text-slate-500"
          />
          <Input
            type="search"
            aria-label="Buscar por nombre o correo"
            placeholder="Buscar por nombre o correo"
            value={search}
            onChange={(e) => filters(() => setSearch(e.target.value))}
            className="pl-10"
          />
        </div>
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

      {isError ? (
        <Alert tone="error" live>
          {error.message}
        </Alert>
      ) : isPending ? (
        <Spinner label="Cargando cuentas…" />
      ) : data.members.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          Ninguna cuenta coincide con la búsqueda.
        </p>
      ) : (
        <div aria-busy={isFetching}>
          <Table label="Miembros">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Nombre</TableHeaderCell>
                <TableHeaderCell>Tipo de usuario</TableHeaderCell>
                <TableHeaderCell>Rol</TableHeaderCell>
                <TableHeaderCell className="text-right">Órdenes pagadas</TableHeaderCell>
                <TableHeaderCell>Alta</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.members.map((m) => (
                <TableRow key={m._id}>
                  <TableCell className="max-w-72">
                    <span className="block font-medium text-ink">{m.name}</span>
                    <span className="block truncate text-xs text-slate-500">{m.email}</span>
                    {m.mustChangePassword && (
                      <Badge tone="warning" className="mt-1">
                        Debe definir su contraseña
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell>
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
                  </TableCell>
                  <TableCell>
                    <Select
                      aria-label={`Rol de ${m.email}`}
                      value={m.role}
                      disabled={update.isPending || m._id === me?._id}
                      title={
                        m._id === me?._id
                          ? 'No puedes quitarte el rol de administrador a ti mismo'
                          : undefined
                      }
                      onChange={(e) => setRoleChange({ member: m, role: e.target.value as Role })}
                      className="h-9 min-w-40 text-sm"
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </option>
                      ))}
                    </Select>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{m.paidOrders}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(m.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
        </div>
      )}
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
    </>
  );
}
