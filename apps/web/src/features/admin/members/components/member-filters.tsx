// The filters above the members list: text search, user type and role.
import { ROLES, USER_TYPE_LABELS, USER_TYPES, type Role, type UserType } from '@store/shared/constants';
import { Select } from '../../../../components/ui/input';
import { ROLE_LABELS } from '../../../../lib/admin/format';
import { SearchField } from '../../../../components/admin/search-field';

export interface MemberFilterValues {
  search: string;
  userType: UserType | '';
  role: Role | '';
}

export function MemberFilters({
  value,
  onChange,
}: {
  value: MemberFilterValues;
  onChange: (next: MemberFilterValues) => void;
}) {
  return (
    <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_14rem_12rem]">
      <SearchField
        label="Buscar por nombre o correo"
        placeholder="Buscar por nombre o correo"
        value={value.search}
        onChange={(search) => onChange({ ...value, search })}
      />
      <Select
        aria-label="Tipo de usuario"
        value={value.userType}
        onChange={(e) => onChange({ ...value, userType: e.target.value as UserType | '' })}
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
        value={value.role}
        onChange={(e) => onChange({ ...value, role: e.target.value as Role | '' })}
      >
        <option value="">Todos los roles</option>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </Select>
    </div>
  );
}
