// SPEC §2 UsersEdit at /dashboard/users/{userId}/edit: the server's user form, prefilled; below it the
// user's invitation while they have no password, their second factor and signed-in sessions
// (src/pages/account/UserInvitationPanel.tsx, UserTwoFactorPanel.tsx, UserSessionsPanel.tsx).
import { EditRoute } from '../../src/forms/EditRoute';
import { ResourceFormPage } from '../../src/forms/ResourceFormPage';
import { UserInvitationPanel } from '../../src/pages/account/UserInvitationPanel';
import { UserSessionsPanel } from '../../src/pages/account/UserSessionsPanel';
import { UserTwoFactorPanel } from '../../src/pages/account/UserTwoFactorPanel';
import { userForm } from './userForm';

export default function UserEdit() {
  return (
    <EditRoute>
      {(id) => (
        <ResourceFormPage
          key={id}
          config={userForm}
          id={id}
          below={(data) => (
            <>
              <UserInvitationPanel userId={id} />
              <UserTwoFactorPanel userId={id} name={typeof data.name === 'string' ? data.name : ''} />
              <UserSessionsPanel userId={id} name={typeof data.name === 'string' ? data.name : ''} />
            </>
          )}
        />
      )}
    </EditRoute>
  );
}
