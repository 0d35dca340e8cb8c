// The role form (issue 3 contract, SPEC §2 role create/edit): name and label, then one group per
// permission prefix (title-cased), each a checkbox list named `permissions`.
import { checkboxes, group, text } from '../forms/fields';
import type { FormFieldGroup } from '../../contract/forms';
import { NAME_MAX } from '../resources/schemas';
import { permissionPrefix, type PermissionRow } from '../permissions/queries';

/** "users" → "Users", "view_all" → "View All". */
export const titleCase = (s: string) => s.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export function roleForm(catalogue: PermissionRow[]): FormFieldGroup[] {
  const groups = new Map<string, Record<string, string>>();
  for (const p of catalogue) {
    const options = groups.get(permissionPrefix(p.name)) ?? {};
    options[p.name] = p.label;
    groups.set(permissionPrefix(p.name), options);
  }
  return [
    group('Role', [text('name', 'Name', { required: true, maxlength: NAME_MAX }), text('label', 'Label', { required: true, maxlength: NAME_MAX })]),
    ...[...groups].map(([prefix, options]) => group(titleCase(prefix), [checkboxes('permissions', titleCase(prefix), options)])),
  ];
}
