// Users (the users' list, create and edit screens at /dashboard/users…), generated from
// contract/resources/users.ts (docs/resources.md) with what they do beyond the generic: System Access
// and System Roles pills, then each user's status and last sign-in; "Remove User" with its own
// confirm dialog; "View All Users" for a super_admin (GET /users?all=true) and the access review;
// under the edit form the user's invitation, second factor and sessions.
import { useState } from 'react';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import { userResource } from '../../contract/resources/users';
import { declaredResource } from '../../src/declared/declared';
import { fieldKey } from '../../src/declared/texts';
import { lazyScreen } from '../../src/declared/lazyScreen';
import { rolePills, systemPills } from './UserListColumns';
import { lastSignInCell, lastSignInValue, statusCell, statusValue } from './UserStatusChip';
import { roleLabels, systemNames, type UserRecord } from './userRecord';
import { UserRemoveButton } from './UserRemoveButton';
import { useIsSuperAdmin, ViewAllUsersButton } from './ViewAllUsersButton';
import { ReviewAccessButton } from './ReviewAccessButton';

const ALL_USERS = { query: { all: true } };

// Under the edit form, which loads when first opened: loaded with it, not with the list (docs/speed.md).
const UserInvitationPanel = lazyScreen(() =>
  import('../../src/pages/account/UserInvitationPanel').then((m) => m.UserInvitationPanel),
);
const UserTwoFactorPanel = lazyScreen(() =>
  import('../../src/pages/account/UserTwoFactorPanel').then((m) => m.UserTwoFactorPanel),
);
const UserSessionsPanel = lazyScreen(() =>
  import('../../src/pages/account/UserSessionsPanel').then((m) => m.UserSessionsPanel),
);

function useUserListExtras() {
  const isSuperAdmin = useIsSuperAdmin();
  const [all, setAll] = useState(false);
  const showAll = isSuperAdmin && all;
  return {
    showCompany: !showAll,
    meta: showAll ? ALL_USERS : undefined,
    actions: (
      <>
        {isSuperAdmin && <ViewAllUsersButton all={showAll} onChange={setAll} />}
        <ReviewAccessButton />
      </>
    ),
  };
}

export default declaredResource<UserRecord>(userResource, {
  icon: PeopleOutlined,
  // A name stays on one line; the pill columns wrap instead. After the name, email, system and role
  // columns: whether the user has joined, may sign in, and when they last did.
  columns: ([name, email]) => [
    { ...name, noWrap: true },
    { ...email, sortable: false },
    { label: fieldKey('users', 'systems'), value: systemNames, render: systemPills },
    { label: fieldKey('users', 'roles'), value: roleLabels, render: rolePills },
    { label: 'olympus.invitation.list.status', value: statusValue, render: statusCell },
    { label: 'olympus.invitation.list.last_sign_in', value: lastSignInValue, render: lastSignInCell, keepEmpty: true },
  ],
  removeButton: <UserRemoveButton />,
  useListExtras: useUserListExtras,
  needsName: true,
  editBelow: (data) => {
    const id = String(data.id);
    const name = typeof data.name === 'string' ? data.name : '';
    return (
      <>
        <UserInvitationPanel userId={id} />
        <UserTwoFactorPanel userId={id} name={name} />
        <UserSessionsPanel userId={id} name={name} />
      </>
    );
  },
});
