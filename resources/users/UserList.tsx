// SPEC §2 UsersIndex (/dashboard/users): Name, Email, System Access and System Roles pills, then each
// user's status and last sign-in, "Edit User" and "Remove User"; searched by name or email;
// super_admin may view every company's users.
import { useState } from 'react';
import { EditLinkButton, ListScreen, type ListColumn, type ListRowActions } from '../../src/lists';
import { rolePills, systemPills } from './UserListColumns';
import { lastSignInCell, lastSignInValue, statusCell, statusValue } from './UserStatusChip';
import { roleLabels, systemNames, type UserRecord } from './userRecord';
import { UserRemoveButton } from './UserRemoveButton';
import { useIsSuperAdmin, ViewAllUsersButton } from './ViewAllUsersButton';
import { ReviewAccessButton } from './ReviewAccessButton';

const ALL_USERS = { query: { all: true } };

/** A name stays on one line; the pill columns wrap instead. */
const columns: ListColumn<UserRecord>[] = [
  { label: 'olympus.lists.users.name_column', source: 'name', noWrap: true },
  { label: 'olympus.lists.users.email', source: 'email', sortable: false },
  { label: 'olympus.lists.users.systems', value: systemNames, render: systemPills },
  { label: 'olympus.lists.users.roles', value: roleLabels, render: rolePills },
  // After SPEC §2's columns: whether the user has joined, may sign in, and when they last did.
  { label: 'olympus.invitation.list.status', value: statusValue, render: statusCell },
  { label: 'olympus.invitation.list.last_sign_in', value: lastSignInValue, render: lastSignInCell, keepEmpty: true },
];

const rowActions: ListRowActions = {
  label: 'olympus.lists.actions',
  element: (
    <>
      <EditLinkButton label="olympus.lists.users.edit" />
      <UserRemoveButton />
    </>
  ),
};

export default function UserList() {
  const isSuperAdmin = useIsSuperAdmin();
  const [all, setAll] = useState(false);
  const showAll = isSuperAdmin && all;
  return (
    <ListScreen<UserRecord>
      title="olympus.lists.users.title"
      createLabel="olympus.lists.users.create"
      searchPlaceholder="olympus.lists.users.search"
      columns={columns}
      rowActions={rowActions}
      csvFilename="users"
      showCompany={!showAll}
      meta={showAll ? ALL_USERS : undefined}
      actions={
        <>
          {isSuperAdmin && <ViewAllUsersButton all={showAll} onChange={setAll} />}
          <ReviewAccessButton />
        </>
      }
    />
  );
}
