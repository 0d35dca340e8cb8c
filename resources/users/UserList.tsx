// SPEC §2 UsersIndex (/dashboard/users): Name, Email, System Access and System Roles pills, "Edit User"
// and "Remove User"; searched by name or email; super_admin may view every company's users.
import { useState } from 'react';
import { Stack } from '@mui/material';
import { DataTable } from 'react-admin';
import { EditLinkButton, ListScreen, type CsvColumn } from '../../src/lists';
import { rolePills, systemPills } from './UserListColumns';
import { roleLabels, systemNames, type UserRecord } from './userRecord';
import { UserRemoveButton } from './UserRemoveButton';
import { useIsSuperAdmin, ViewAllUsersButton } from './ViewAllUsersButton';
import { ReviewAccessButton } from './ReviewAccessButton';

const ALL_USERS = { query: { all: true } };
/** A name stays on one line; the pill columns wrap instead. */
const NO_WRAP = () => ({ whiteSpace: 'nowrap' }) as const;

const csv: CsvColumn<UserRecord>[] = [
  { label: 'olympus.lists.users.name_column', value: (u) => u.name },
  { label: 'olympus.lists.users.email', value: (u) => u.email },
  { label: 'olympus.lists.users.systems', value: systemNames },
  { label: 'olympus.lists.users.roles', value: roleLabels },
];

export default function UserList() {
  const isSuperAdmin = useIsSuperAdmin();
  const [all, setAll] = useState(false);
  const showAll = isSuperAdmin && all;
  return (
    <ListScreen<UserRecord>
      title="olympus.lists.users.title"
      createLabel="olympus.lists.users.create"
      searchPlaceholder="olympus.lists.users.search"
      csv={csv}
      csvFilename="users"
      showCompany={!showAll}
      meta={showAll ? ALL_USERS : undefined}
      actions={
        <>
          {isSuperAdmin && <ViewAllUsersButton all={showAll} onChange={setAll} />}
          <ReviewAccessButton />
        </>
      }
    >
      <DataTable.Col source="name" label="olympus.lists.users.name_column" cellSx={NO_WRAP} />
      <DataTable.Col source="email" label="olympus.lists.users.email" disableSort />
      <DataTable.Col label="olympus.lists.users.systems" render={systemPills} />
      <DataTable.Col label="olympus.lists.users.roles" render={rolePills} />
      <DataTable.Col label="olympus.lists.actions">
        <Stack direction="row" spacing={1}>
          <EditLinkButton label="olympus.lists.users.edit" />
          <UserRemoveButton />
        </Stack>
      </DataTable.Col>
    </ListScreen>
  );
}
