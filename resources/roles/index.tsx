// Olympus roles (the list, create and edit screens at /dashboard/roles…), generated from
// contract/resources/roles.ts (docs/resources.md) with what they do beyond the generic: the list shows
// the role label, its back link leads to Roles, neither "Edit Role" nor "Remove Role" is offered for
// super_admin; the create form's permission groups each get a "Select all" box; the edit
// screen groups the permissions with wildcard toggles (./RoleEdit.tsx).
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { roleResource, type RoleRecord } from '../../contract/resources/roles';
import { SUPER_ADMIN } from '../../contract/roles';
import { declaredResource } from '../../src/declared/declared';
import { lazyScreen } from '../../src/declared/lazyScreen';

// Loaded when first opened, like the generated screens (docs/speed.md "The first screen").
const RoleEdit = lazyScreen(() => import('./RoleEdit').then((m) => m.default));

export default declaredResource<RoleRecord>(roleResource, {
  icon: ShieldOutlined,
  rowActionsFor: (role) => role.name !== SUPER_ADMIN,
  back: { to: '/dashboard/roles', label: 'olympus.lists.back_roles' },
  recordRepresentation: 'label',
  needsName: true,
  toggleAll: true,
  edit: RoleEdit,
});
