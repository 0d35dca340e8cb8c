// SPEC §2 UsersEdit at /dashboard/users/{userId}/edit: the server's user form, prefilled.
import { EditRoute } from '../../src/forms/EditRoute';
import { ResourceFormPage } from '../../src/forms/ResourceFormPage';
import { userForm } from './userForm';

export default function UserEdit() {
  return <EditRoute>{(id) => <ResourceFormPage key={id} config={userForm} id={id} />}</EditRoute>;
}
