// Olympus roles (the role list, create and edit screens), declared once (docs/resources.md): a name and a
// label, whether it requires two-factor sign-in, and its permissions (a checkbox list kept in
// role_permissions). Who may change which role and grant what: server/roles/routes.ts.
import { checkbox, declareResource, group, many, text, type RecordOf } from './declare';

/** The most permissions one role may list, and the longest permission name accepted. */
export const ROLE_PERMISSIONS_MAX = 500;
export const PERMISSION_NAME_MAX = 100;

export const roleResource = declareResource({
  name: 'roles',
  spa: 'roles',
  noun: { one: 'role', many: 'roles' },
  area: 'roles',
  nav: { order: 30 },
  tenancy: 'global',
  // No import: a role's permissions are grants, each given knowingly in the role editor (docs/resources.md "Import").
  import: false,
  fields: {
    ...group('Role', {
      name: text('Name', { required: true }),
      label: text('Label', { required: true }),
      require_two_factor: checkbox('Require two-factor sign-in'),
    }),
    ...group('Permissions', {
      permissions: many('Permissions', {
        maxItems: ROLE_PERMISSIONS_MAX,
        maxlength: PERMISSION_NAME_MAX,
        unknown: 'The permission {value} does not exist.',
      }),
    }),
  },
  list: { columns: ['label'], sort: ['name', 'label'], search: ['name', 'label'], searchBox: ['label', 'name'] },
  summaries: {
    list: 'The Olympus roles',
    create: 'Create an Olympus role with its permissions',
    update: 'Update a role and its permissions',
    delete: 'Delete a role no user holds',
  },
});

/** A role as the API answers it. */
export type RoleRecord = RecordOf<typeof roleResource>;
