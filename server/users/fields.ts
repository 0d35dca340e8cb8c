// The user form: the declared groups (contract/resources/users.ts: the User fields with the edit form's
// two actions, the companies and a role per system) with their options filled in for the caller:
// the companies they may assign (inline, since admins cannot read GET /companies) and the roles of each
// system they may give.
import type { FormField, FormFieldGroup } from '../../contract/forms';
import type { RoleOption } from './queries';
import { ROLE_FIELDS } from './systems';
import { SUPER_ADMIN } from '../../contract/roles';

export interface UserFormOptions {
  companies: Record<string, string>;
  roles: RoleOption[];
  /** Only a super_admin may give the super_admin role. */
  mayGrantSuperAdmin: boolean;
}

/** What each group of the form says under its title. */
const GROUP_DESCRIPTIONS: Record<string, string> = {
  Companies: 'The companies whose data this user can work with',
  'System access': 'No access to a system: leave its role empty',
};

export function userForm(o: UserFormOptions, declared: FormFieldGroup[]): FormFieldGroup[] {
  const filled = (f: FormField): FormField => {
    if (f.name === 'companies') return { ...f, options: o.companies };
    const role = ROLE_FIELDS.find((r) => r.field === f.name);
    if (!role) return f;
    const roles = o.roles.filter((r) => r.system === role.system && (o.mayGrantSuperAdmin || r.name !== SUPER_ADMIN));
    // Only the roles this caller may give: never the whole roles list the field's options-from would load.
    const { 'options-from': _all, ...field } = f;
    return { ...field, options: { '': role.none, ...Object.fromEntries(roles.map((r) => [r.id, r.label])) } };
  };
  return declared.map((g) => ({
    ...g,
    ...(GROUP_DESCRIPTIONS[g.group] ? { group_desc: GROUP_DESCRIPTIONS[g.group] } : {}),
    fields: g.fields.map(filled),
  }));
}
