// The role create and edit screens: permissions grouped by the text before the first dot of their name, the
// group title-cased ("users.create" → "Users"), groups in the order their first permission comes in
// the catalogue. The server's role form (server/roles/routes.ts) and the browser's role edit
// (resources/roles/PermissionGroups.tsx) both group this way.
import type { Permission } from './types';

export interface PermissionGroup<P extends Permission = Permission> {
  prefix: string;
  title: string;
  permissions: P[];
}

/** "users.view" → "users". */
export const permissionPrefix = (name: string) => name.split('.')[0];

/** "users" → "Users", "view_all" → "View All". */
export const titleCase = (s: string) =>
  s
    .replace(/[_-]+/g, ' ')
    .trim()
    .replace(/\b\w/g, (c) => c.toUpperCase());

export function groupPermissions<P extends Permission>(catalogue: readonly P[]): PermissionGroup<P>[] {
  const groups = new Map<string, PermissionGroup<P>>();
  for (const p of catalogue) {
    const prefix = permissionPrefix(p.name);
    const group = groups.get(prefix) ?? { prefix, title: titleCase(prefix), permissions: [] };
    group.permissions.push(p);
    groups.set(prefix, group);
  }
  return [...groups.values()];
}
