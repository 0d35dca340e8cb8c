// The role/route access table of SPEC §6 — one source of truth: the SPA's navigation and route
// guard read it, and the API enforces the same rules on the calls behind each area.
import { ADMIN, hasPermission, SUPER_ADMIN, SYSTEM_USER } from './roles';

export type AreaKey = 'home' | 'users' | 'roles' | 'properties' | 'units' | 'companies' | 'integrations' | 'reports' | 'accessReview';

/** Reviewing access means acting on users: the same permission as changing one. */
export const ACCESS_REVIEW_PERMISSION = 'users.update';

export interface Area {
  key: AreaKey;
  /** Path under the SPA root; the navigation links to it when `nav` is set. */
  path: string;
  /** i18n key of the navigation label. */
  nav?: string;
  /** Navigation filter (SPEC §6): the access level that shows the item, or the permission that does. */
  navLevel?: string;
  navPermission?: string;
  /** Route prohibitions (SPEC §6): roles barred from the area's routes. */
  barred: readonly string[];
  /** Route permission (SPEC §6): any of these grants opens the area. */
  permissions?: readonly string[];
}

export const AREAS: readonly Area[] = [
  { key: 'home', path: '/dashboard', nav: 'olympus.nav.home', navLevel: ADMIN, barred: [] },
  { key: 'users', path: '/dashboard/users', nav: 'olympus.nav.users', navLevel: ADMIN, barred: [SYSTEM_USER] },
  { key: 'roles', path: '/dashboard/roles', nav: 'olympus.nav.roles', navLevel: SUPER_ADMIN, barred: [SYSTEM_USER, ADMIN] },
  { key: 'properties', path: '/dashboard/property', nav: 'olympus.nav.properties', navLevel: ADMIN, barred: [SYSTEM_USER] },
  { key: 'companies', path: '/dashboard/company', nav: 'olympus.nav.companies', navLevel: SUPER_ADMIN, barred: [SYSTEM_USER, ADMIN] },
  { key: 'reports', path: '/dashboard/reports', nav: 'olympus.nav.reports', navPermission: 'reports.access', barred: [], permissions: ['reports.*', 'reports.access'] },
  // No navigation link (SPEC §2 note).
  { key: 'units', path: '/dashboard/unit', barred: [SYSTEM_USER] },
  // SPEC §6 bars admin from the integration edit route; the API also bars system_user (the server may be stricter than the UI).
  { key: 'integrations', path: '/dashboard/companies', barred: [ADMIN] },
  // The access review: no navigation link (reached from the users list); only for those who may change users.
  { key: 'accessReview', path: '/dashboard/access-review', barred: [SYSTEM_USER], permissions: [ACCESS_REVIEW_PERMISSION] },
];

export const AREA: Record<AreaKey, Area> = Object.fromEntries(AREAS.map((a) => [a.key, a])) as Record<AreaKey, Area>;

export interface Viewer {
  role: string | null | undefined;
  permissions: readonly string[] | null | undefined;
}

/** SPEC §6 navigation filter. */
export function showsInNavigation(area: Area, viewer: Viewer | null | undefined): boolean {
  if (!viewer || !viewer.role) return true;
  if (viewer.role === SUPER_ADMIN) return true;
  if (area.navPermission && hasPermission(viewer.permissions, area.navPermission)) return true;
  return area.navLevel !== undefined && area.navLevel === viewer.role;
}

/** SPEC §6 route prohibitions: may this viewer open the area's routes? */
export function mayOpenArea(area: Area, viewer: Viewer | null | undefined): boolean {
  const role = viewer?.role ?? null;
  if (role && area.barred.includes(role)) return false;
  if (area.permissions) {
    if (role === SUPER_ADMIN) return true;
    return area.permissions.some((p) => hasPermission(viewer?.permissions, p));
  }
  return true;
}

/** The permission a hand-off to a connected system needs (the API refuses without it; the dashboard offers no cards). */
export const SYSTEM_REDIRECT_PERMISSION = 'systems.redirect';

/** May this viewer open connected systems? */
export function mayOpenSystems(viewer: Viewer | null | undefined): boolean {
  return viewer?.role === SUPER_ADMIN || hasPermission(viewer?.permissions, SYSTEM_REDIRECT_PERMISSION);
}

/** Which area a SPA path belongs to (longest prefix), if any. */
export function areaForPath(pathname: string): Area | undefined {
  if (pathname.startsWith('/dashboard/companies/') && pathname.includes('/integrations/')) return AREA.integrations;
  return AREAS.filter((a) => a.key !== 'home' && a.key !== 'integrations' && (pathname === a.path || pathname.startsWith(a.path + '/'))).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}
