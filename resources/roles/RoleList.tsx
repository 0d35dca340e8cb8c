// SPEC §2 RolesIndex (/dashboard/roles): the role label with "Edit Role" and "Remove Role", neither
// offered for super_admin (SPEC §6); the back link leads to Roles, as the spec has it.
import { Stack } from '@mui/material';
import { useRecordContext } from 'ra-core';
import { DataTable } from 'react-admin';
import { SUPER_ADMIN } from '../../contract/roles';
import type { Role } from '../../contract/types';
import { EditLinkButton, ListScreen, RemoveButton, type BackLink, type CsvColumn } from '../../src/lists';

const BACK_TO_ROLES: BackLink = { to: '/dashboard/roles', label: 'olympus.lists.back_roles' };

const csv: CsvColumn<Role>[] = [{ label: 'olympus.lists.roles.name_column', value: (r) => r.label }];

function RoleActions() {
  const role = useRecordContext<Role>();
  if (!role || role.name === SUPER_ADMIN) return null;
  // The column is right-aligned; a flex row needs telling.
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <EditLinkButton label="olympus.lists.roles.edit" />
      <RemoveButton label="olympus.lists.roles.remove" />
    </Stack>
  );
}

export default function RoleList() {
  return (
    <ListScreen<Role>
      title="olympus.lists.roles.title"
      createLabel="olympus.lists.roles.create"
      searchPlaceholder="olympus.lists.roles.search"
      csv={csv}
      csvFilename="roles"
      back={BACK_TO_ROLES}
    >
      <DataTable.Col source="label" label="olympus.lists.roles.name_column" />
      <DataTable.Col label="olympus.lists.actions" align="right">
        <RoleActions />
      </DataTable.Col>
    </ListScreen>
  );
}
