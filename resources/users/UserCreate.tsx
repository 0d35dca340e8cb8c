// SPEC §2 UsersCreate at /dashboard/users/create: the server's user form.
import { ResourceFormPage } from '../../src/forms/ResourceFormPage';
import { userForm } from './userForm';

export default function UserCreate() {
  return <ResourceFormPage config={userForm} />;
}
