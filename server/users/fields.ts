// The user form: details (the declared fields' group, contract/resources/users.ts,
// and the edit form's two actions), companies (checkbox list of uuids; inline options are the companies the
// caller may assign, since admins cannot read GET /companies), and a role per system.
import { checkbox, checkboxes, group, select } from '../forms/fields';
import type { FormFieldGroup } from '../../contract/forms';
import type { RoleOption } from './queries';
import { ROLE_FIELDS } from './systems';
import { SUPER_ADMIN } from '../../contract/roles';

export interface UserFormOptions {
  companies: Record<string, string>;
  roles: RoleOption[];
  /** Only a super_admin may give the super_admin role. */
  mayGrantSuperAdmin: boolean;
  editing: boolean;
}

/** `declared`: the form groups of the declared fields (contract/resources/users.ts): the User group. */
export function userForm(o: UserFormOptions, [details]: FormFieldGroup[]): FormFieldGroup[] {
  const roleSelect = (f: (typeof ROLE_FIELDS)[number]) => {
    const roles = o.roles.filter((r) => r.system === f.system && (o.mayGrantSuperAdmin || r.name !== SUPER_ADMIN));
    return select(f.field, f.label, {
      options: { '': f.none, ...Object.fromEntries(roles.map((r) => [r.id, r.label])) },
    });
  };
  const editOnly = [
    checkbox('disabled', 'Disabled', { 'label-help': 'A disabled user cannot sign in; their sessions end at once' }),
    checkbox('reset_password', 'Email a link to set a new password', {
      'label-help':
        'Their current password stops working, their sessions end and they are emailed a link to choose a new one (72 hours, works once)',
    }),
  ];
  return [
    { ...details, fields: [...details.fields, ...(o.editing ? editOnly : [])] },
    group(
      'Companies',
      [checkboxes('companies', 'Companies', o.companies, { 'options-from': 'companies' })],
      'The companies whose data this user can work with',
    ),
    group('System access', ROLE_FIELDS.map(roleSelect), 'No access to a system: leave its role empty'),
  ];
}
