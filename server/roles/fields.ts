// The role form (issue 3 contract, SPEC §2 role create/edit): name and label, then one group per
// permission prefix (title-cased), each a checkbox list named `permissions`.
import { checkbox, checkboxes, group, text } from '../forms/fields';
import type { FormFieldGroup } from '../../contract/forms';
import { NAME_MAX } from '../resources/schemas';
import { permissionPrefix, type PermissionRow } from '../permissions/queries';

/** "users" → "Users", "view_all" → "View All". */
export const titleCase = (s: string) => s.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** `superAdmin`: only a super_admin sees (and may change) whether the role requires two-factor sign-in. */
export function roleForm(catalogue: PermissionRow[], superAdmin = false): FormFieldGroup[] {
  const groups = new Map<string, Record<string, string>>();
  for (const p of catalogue) {
    const options = groups.get(permissionPrefix(p.name)) ?? {};
    options[p.name] = p.label;
    groups.set(permissionPrefix(p.name), options);
  }
  return [
    group('Role', [
      text('name', 'Name', { required: true, maxlength: NAME_MAX }),
      text('label', 'Label', { required: true, maxlength: NAME_MAX }),
      ...(superAdmin ? [checkbox('require_two_factor', 'Require two-factor sign-in')] : []),
    ]),
    ...[...groups].map(([prefix, options]) => group(titleCase(prefix), [checkboxes('permissions', titleCase(prefix), options)])),
  ];
}
