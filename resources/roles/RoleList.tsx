// SPEC §2 RolesIndex (/dashboard/roles): the role label with "Edit Role" and "Remove Role", neither
// offered for super_admin (SPEC §6); the back link leads to Roles, as the spec has it.
import { useRecordContext } from 'ra-core';
import { SUPER_ADMIN } from '../../contract/roles';
import type { Role } from '../../contract/types';
import { EditLinkButton, ListScreen, RemoveButton, type BackLink, type ListColumn, type ListRowActions } from '../../src/lists';

const BACK_TO_ROLES: BackLink = { to: '/dashboard/roles', label: 'olympus.lists.back_roles' };

const columns: ListColumn<Role>[] = [{ label: 'olympus.lists.roles.name_column', source: 'label' }];

function RoleActions() {
  const role = useRecordContext<Role>();
  if (!role || role.name === SUPER_ADMIN) return null;
  return (
    <>
      <EditLinkButton label="olympus.lists.roles.edit" />
      <RemoveButton label="olympus.lists.roles.remove" />
    </>
  );
}

const rowActions: ListRowActions = { label: 'olympus.lists.actions', align: 'right', element: <RoleActions /> };

export default function RoleList() {
  return (
    <ListScreen<Role>
      title="olympus.lists.roles.title"
      createLabel="olympus.lists.roles.create"
      searchPlaceholder="olympus.lists.roles.search"
      columns={columns}
      rowActions={rowActions}
      csvFilename="roles"
      back={BACK_TO_ROLES}
    />
  );
}
