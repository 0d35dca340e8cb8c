// Olympus role names and the dotted-permission matcher shared by the SPA and the API.

export const SUPER_ADMIN = 'super_admin';
export const ADMIN = 'admin';
export const SYSTEM_USER = 'system_user';
export type OlympusRoleName = typeof SUPER_ADMIN | typeof ADMIN | typeof SYSTEM_USER;

/** The system whose roles are Olympus roles; it is never offered as a card on the dashboard. */
export const OLYMPUS_SYSTEM = 'Olympus';

/**
 * True when the grants cover the wanted permission. A grant `reports.*` covers every
 * `reports.…` permission; `*` covers everything.
 */
export function hasPermission(grants: readonly string[] | undefined | null, wanted: string): boolean {
  if (!grants) return false;
  for (const grant of grants) {
    if (grant === wanted || grant === '*') return true;
    if (grant.endsWith('.*') && wanted.startsWith(grant.slice(0, -1))) return true;
  }
  return false;
}
