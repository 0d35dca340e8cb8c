// SPEC §2 role edit: permissions grouped by the text before the first dot of their name, the group
// title-cased ("users.create" → "Users"). Loaded from GET /api/v1/permissions (wildcards included).
import type { Permission } from '../../contract/types';
import { apiGet, isSuccess } from '../../providers/httpClient';

export interface PermissionGroup {
  prefix: string;
  title: string;
  permissions: Permission[];
}

export const permissionPrefix = (name: string) => name.split('.')[0];

/** "users" → "Users", "view_all" → "View All". */
export const titleCase = (s: string) => s.replace(/[_-]+/g, ' ').trim().replace(/\b\w/g, (c) => c.toUpperCase());

/** Groups in the order their first permission comes in the catalogue. */
export function groupPermissions(catalogue: readonly Permission[]): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  for (const p of catalogue) {
    const prefix = permissionPrefix(p.name);
    const group = groups.get(prefix) ?? { prefix, title: titleCase(prefix), permissions: [] };
    group.permissions.push(p);
    groups.set(prefix, group);
  }
  return [...groups.values()];
}

/** A wildcard permission: `users.*` (its prefix) or `*` (everything), as contract/roles.ts reads grants. */
export const isWildcard = (name: string) => name === '*' || name.endsWith('.*');

/** True when the wildcard grants `name` (itself aside). */
export const wildcardCovers = (wildcard: string, name: string) => wildcard !== name && (wildcard === '*' || (wildcard.endsWith('.*') && name.startsWith(wildcard.slice(0, -1))));

/** The ticked wildcard that already grants `name`, if any (the role edit shows the box ticked and locked). */
export const coveringWildcard = (ticked: readonly string[], name: string): string | undefined => ticked.find((w) => isWildcard(w) && wildcardCovers(w, name));

/** SPEC §8: a failed list reads as empty. */
export async function loadPermissions(): Promise<Permission[]> {
  const res = await apiGet<Permission[]>('/api/v1/permissions');
  const status = res?.status;
  if (!isSuccess(res) || !Array.isArray(res.data)) {
    console.error('permissions failed', status);
    return [];
  }
  return res.data.filter((p) => p && typeof p.name === 'string');
}
