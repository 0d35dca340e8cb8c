// The role edit screen: the permission catalogue from GET /api/v1/permissions (wildcards included),
// grouped as contract/permissionGroups.ts says, and how a ticked wildcard covers the rest.
import type { Permission } from '../../contract/types';
import { apiGet, isSuccess } from '../../providers/httpClient';

export { groupPermissions, permissionPrefix, titleCase, type PermissionGroup } from '../../contract/permissionGroups';

/** A wildcard permission: `users.*` (its prefix) or `*` (everything), as contract/roles.ts reads grants. */
export const isWildcard = (name: string) => name === '*' || name.endsWith('.*');

/** True when the wildcard grants `name` (itself aside). */
export const wildcardCovers = (wildcard: string, name: string) =>
  wildcard !== name && (wildcard === '*' || (wildcard.endsWith('.*') && name.startsWith(wildcard.slice(0, -1))));

/** The ticked wildcard that already grants `name`, if any (the role edit shows the box ticked and locked). */
export const coveringWildcard = (ticked: readonly string[], name: string): string | undefined =>
  ticked.find((w) => isWildcard(w) && wildcardCovers(w, name));

/** A failed list reads as empty. */
export async function loadPermissions(): Promise<Permission[]> {
  const res = await apiGet<Permission[]>('/api/v1/permissions');
  const status = res?.status;
  if (!isSuccess(res) || !Array.isArray(res.data)) {
    console.error('permissions failed', status);
    return [];
  }
  return res.data.filter((p) => p && typeof p.name === 'string');
}
