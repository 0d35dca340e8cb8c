// SPEC §2 RolesCreate at /dashboard/roles/create: the server's role form (name, label, a checkbox list
// of permissions per group), each group with a box that ticks or clears all of it.
import { ResourceFormPage } from '../../src/forms/ResourceFormPage';
import { roleForm } from './roleForm';

export default function RoleCreate() {
  return <ResourceFormPage config={roleForm} toggleAll />;
}
