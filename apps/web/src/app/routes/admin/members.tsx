// /admin/members: accounts with search and filters; change a user type at once, a role
// after confirming (promoting gives full access to this back office); create an account by
// hand or give one a temporary password (shown once; the member changes it at first login);
// grant or revoke scholarships (every event or one).
import { useState } from 'react';
import { Upload, UserPlus } from 'lucide-react';
import type { Role, UserType } from '@store/shared/constants';
import type { AdminMember } from '@store/shared/schemas/admin/members';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useAssignTemporaryPassword } from '../../../features/admin/members/api/assign-temporary-password';
import { useAdminSession } from '../../../lib/admin/get-admin-session';
import { useAdminMembers } from '../../../features/admin/members/api/get-members';
import { useUpdateMember } from '../../../features/admin/members/api/update-member';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { AssignPasswordDialog } from '../../../features/admin/members/components/assign-password-dialog';
import { MemberCreateDialog } from '../../../features/admin/members/components/member-create-dialog';
import { MemberFilters } from '../../../features/admin/members/components/member-filters';
import {
  MemberRoleDialog,
  type RoleChange,
} from '../../../features/admin/members/components/member-role-dialog';
import { MembersTable } from '../../../features/admin/members/components/members-table';
import { Pagination } from '../../../components/admin/pagination';
import { ScholarshipsDialog } from '../../../features/admin/members/components/scholarships-dialog';
import { QueryState } from '../../../components/admin/query-state';
import {
  TemporaryPasswordDialog,
  type TemporaryPasswordResult,
} from '../../../features/admin/members/components/temporary-password-dialog';
import { useDebounced } from '../../../lib/use-debounced';
import { errorMessage, notify } from '../../../lib/notify';

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
  const [roleChange, setRoleChange] = useState<RoleChange | null>(null);
  const [resetting, setResetting] = useState<AdminMember | null>(null);
  const [creating, setCreating] = useState(false);
  const [scholarshipsOf, setScholarshipsOf] = useState<AdminMember | null>(null);
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
      <MemberFilters
        value={{ search, userType, role }}
        onChange={(next) => {
          setSearch(next.search);
          setUserType(next.userType);
          setRole(next.role);
          setPage(1);
        }}
      />

      <QueryState
        query={members}
        loadingLabel="Cargando cuentas…"
        isEmpty={(d) => d.members.length === 0}
        empty="Ninguna cuenta coincide con la búsqueda."
      >
        {(data) => (
          <>
            <MembersTable
              members={data.members}
              meId={me?._id}
              busy={update.isPending}
              onUserType={(m, t) => void change(m, { userType: t })}
              onRole={(m, r) => setRoleChange({ member: m, role: r })}
              onAssignPassword={setResetting}
              onScholarships={setScholarshipsOf}
            />
            <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryState>
      <MemberRoleDialog
        change={roleChange}
        busy={update.isPending}
        onConfirm={(c) => void change(c.member, { role: c.role })}
        onClose={() => setRoleChange(null)}
      />
      <AssignPasswordDialog
        member={resetting}
        busy={assign.isPending}
        onConfirm={(m) => void assignPassword(m)}
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
      <ScholarshipsDialog member={scholarshipsOf} onClose={() => setScholarshipsOf(null)} />
    </>
  );
}
