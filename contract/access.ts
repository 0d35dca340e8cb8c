// The role/route access table — one source of truth: the SPA's navigation and route
// guard read it, and the API enforces the same rules on the calls behind each area.
import { ADMIN, hasPermission, SUPER_ADMIN, SYSTEM_USER, type OlympusRoleName } from './roles';
import type { PermissionDef } from './permissions';
import { DECLARED_RESOURCES } from './resources';
import { AUDIT_PERMISSION } from './audit';
import type { DeclaredArea, ResourceDecl } from './resources/declare';

/** Reviewing access means acting on users: the same permission as changing one. */
export const ACCESS_REVIEW_PERMISSION = 'users.update';

interface AreaDef {
  key: string;
  /** Path under the SPA root; the navigation links to it when `nav` is set. */
  path: string;
  /** i18n key of the navigation label. */
  nav?: string;
  /** The navigation item's place: the built-in items stand at 10, 20, … (NAV_ORDER). */
  navOrder?: number;
  /** Navigation filter: the access level that shows the item, or the permission that does. */
  navLevel?: string;
  navPermission?: string;
  /** Route prohibitions: roles barred from the area's routes. */
  barred: readonly string[];
  /** Route permission: any of these grants opens the area. */
  permissions?: readonly string[];
  /**
   * The area's rows in the permission catalogue (contract/permissions.ts): `crud` names the noun of
   * its `{area}.*|view|create|update|delete` rows, `more` follows them; `order` places the group
   * in the role editor, which lists groups in another order than the navigation.
   */
  grants?: {
    order: number;
    crud?: string;
    more?: readonly PermissionDef[];
    /**
     * Which of the area's permissions each built-in role is given by default: on a new database, and
     * on an existing one when the permission first appears there (server/permissions/catalogue.ts);
     * never again after, so a grant an administrator took away stays away.
     */
    defaults?: Partial<Record<OlympusRoleName, readonly string[]>>;
  };
}

// `as const`: AreaKey follows from the entries. A resource's own new area is declared with the
// resource instead (`newArea`, below), so adding one touches no shared file.
const AREA_LIST = [
  { key: 'home', path: '/dashboard', nav: 'olympus.nav.home', navLevel: ADMIN, barred: [] },
  {
    key: 'users',
    path: '/dashboard/users',
    nav: 'olympus.nav.users',
    navLevel: ADMIN,
    barred: [SYSTEM_USER],
    grants: {
      order: 1,
      crud: 'users',
      more: [{ name: 'users.view_all', label: 'View users of every company' }],
      defaults: { [SUPER_ADMIN]: ['users.*'], [ADMIN]: ['users.*'] },
    },
  },
  { key: 'roles', path: '/dashboard/roles', nav: 'olympus.nav.roles', navLevel: SUPER_ADMIN, barred: [SYSTEM_USER, ADMIN], grants: { order: 5, crud: 'roles', defaults: { [SUPER_ADMIN]: ['roles.*'] } } },
  { key: 'properties', path: '/dashboard/property', nav: 'olympus.nav.properties', navLevel: ADMIN, barred: [SYSTEM_USER], grants: { order: 3, crud: 'properties', defaults: { [SUPER_ADMIN]: ['properties.*'], [ADMIN]: ['properties.*'] } } },
  { key: 'companies', path: '/dashboard/company', nav: 'olympus.nav.companies', navLevel: SUPER_ADMIN, barred: [SYSTEM_USER, ADMIN], grants: { order: 2, crud: 'companies', defaults: { [SUPER_ADMIN]: ['companies.*'] } } },
  {
    key: 'reports',
    path: '/dashboard/reports',
    nav: 'olympus.nav.reports',
    navPermission: 'reports.access',
    barred: [],
    permissions: ['reports.*', 'reports.access'],
    grants: {
      order: 7,
      more: [
        { name: 'reports.*', label: 'All report permissions' },
        { name: 'reports.access', label: 'Access reports' },
        { name: 'reports.manage', label: 'Manage reports' },
      ],
      defaults: { [SUPER_ADMIN]: ['reports.*'], [ADMIN]: ['reports.access'] },
    },
  },
  // No navigation link.
  { key: 'units', path: '/dashboard/unit', barred: [SYSTEM_USER], grants: { order: 4, crud: 'units', defaults: { [SUPER_ADMIN]: ['units.*'], [ADMIN]: ['units.*'] } } },
  // Admin is barred from the integration edit route; the API also bars system_user (the server may be stricter than the UI).
  {
    key: 'integrations',
    path: '/dashboard/companies',
    barred: [ADMIN],
    grants: {
      order: 6,
      more: [
        { name: 'integrations.*', label: 'All integration permissions' },
        { name: 'integrations.view', label: 'View integrations' },
        { name: 'integrations.update', label: 'Update integrations' },
      ],
      defaults: { [SUPER_ADMIN]: ['integrations.*'] },
    },
  },
  // The access review: no navigation link (reached from the users list); only for those who may change users.
  { key: 'accessReview', path: '/dashboard/access-review', barred: [SYSTEM_USER], permissions: [ACCESS_REVIEW_PERMISSION] },
  // The audit log (docs/security.md "The audit log"): holders of audit.view, each seeing their own
  // companies' events; super admins see all. Admins are not given it by default: a super admin grants it.
  {
    key: 'audit',
    path: '/dashboard/audit',
    nav: 'olympus.nav.audit',
    navPermission: AUDIT_PERMISSION,
    barred: [SYSTEM_USER],
    permissions: ['audit.*', AUDIT_PERMISSION],
    grants: {
      order: 8,
      more: [
        { name: 'audit.*', label: 'All audit log permissions' },
        { name: AUDIT_PERMISSION, label: 'View the audit log' },
      ],
      defaults: { [SUPER_ADMIN]: ['audit.*'] },
    },
  },
] as const satisfies readonly AreaDef[];

/** The built-in areas' keys; a declared area's key is any other name (DeclaredArea). */
export type AreaKey = (typeof AREA_LIST)[number]['key'];
export type Area = AreaDef;

/** The built-in navigation items' places, 10 apart, so a declared area can stand between two. */
const NAV_ORDER: readonly string[] = ['home', 'users', 'roles', 'properties', 'companies', 'reports', 'audit'];
/** Where a declared area's group stands in the role editor by default: after the built-in ones. */
const DECLARED_GROUP_ORDER = 100;

/** The key of a declaration's area, built-in or its own. */
export const areaKeyOf = (d: Pick<ResourceDecl, 'area'>): string => (typeof d.area === 'string' ? d.area : d.area.key);

/** The area a declaration brings (the first resource naming a declared area owns its path and navigation). */
function declaredAreaOf(d: ResourceDecl): Area | undefined {
  if (typeof d.area === 'string') return undefined;
  const a = d.area;
  const nav = a.nav === false ? undefined : (a.nav ?? {});
  return {
    key: a.key,
    path: `/dashboard/${d.spa}`,
    ...(nav && { nav: `resources.${d.spa}.list.title`, navOrder: nav.order ?? 1000, ...(nav.level !== null && { navLevel: nav.level ?? ADMIN }) }),
    barred: a.barred ?? [SYSTEM_USER],
    grants: { order: a.order ?? DECLARED_GROUP_ORDER, crud: d.noun.many, defaults: { [SUPER_ADMIN]: [`${a.key}.*`], ...a.defaults } },
  };
}

function allAreas(): Area[] {
  const out: Area[] = AREA_LIST.map((a) => (NAV_ORDER.includes(a.key) ? { ...a, navOrder: (NAV_ORDER.indexOf(a.key) + 1) * 10 } : a));
  for (const d of DECLARED_RESOURCES) {
    // Resources may share a declared area (area: otherResource.area): the first one brings it.
    if (typeof d.area === 'string' || DECLARED_RESOURCES.find((o) => o.area === d.area) !== d) continue;
    if (out.some((a) => a.key === areaKeyOf(d))) {
      throw new Error(`Resource "${d.name}" declares the area "${areaKeyOf(d)}", which exists already: name it (area: '${areaKeyOf(d)}') or share its declaration (area: otherResource.area).`);
    }
    out.push(declaredAreaOf(d)!);
  }
  return out;
}

/** Every area: the built-in ones and those the declared resources bring. */
export const AREAS: readonly Area[] = allAreas();

export const AREA: Readonly<Record<string, Area>> & Record<AreaKey, Area> = Object.fromEntries(AREAS.map((a) => [a.key, a])) as Record<AreaKey, Area>;

/** The area by key; a key no area has is a mistake in the code, not a caller's. */
export function areaByKey(key: string): Area {
  const area = AREA[key];
  if (!area) throw new Error(`There is no area "${key}" (contract/access.ts, or a declaration's newArea).`);
  return area;
}

/** The permission a declared resource's route of `action` needs: its one `permission`, else `{area}.{action}`. */
export const permissionOf = (d: Pick<ResourceDecl, 'area' | 'permission'>, action: string): string => d.permission ?? `${areaKeyOf(d)}.${action}`;

/**
 * The rules a declared resource's screens follow: its area's, and only for holders of its one
 * `permission` when it declares one (reports: the management screens need reports.manage, where the
 * Reports page needs reports.access).
 */
function screenAreaOf(d: ResourceDecl): Area {
  const area = areaByKey(areaKeyOf(d));
  return d.permission ? { ...area, permissions: [d.permission] } : area;
}

/**
 * The navigation items of resources in a built-in area that ask for one (`nav` in the declaration):
 * linking to the resource's list, labelled with its title, seen by whoever the area's own item would be
 * (an area without an item: its admins, or super admins only where it bars admin).
 */
export const RESOURCE_NAV: readonly Area[] = DECLARED_RESOURCES.flatMap((d): Area[] => {
  if (!d.nav || typeof d.area !== 'string') return [];
  const area = areaByKey(d.area);
  return [
    {
      key: d.spa,
      path: `/dashboard/${d.spa}`,
      nav: `resources.${d.spa}.list.title`,
      navOrder: d.nav.order ?? 1000,
      ...(area.navPermission ? { navPermission: area.navPermission } : { navLevel: area.navLevel ?? (area.barred.includes(ADMIN) ? SUPER_ADMIN : ADMIN) }),
      barred: area.barred,
    },
  ];
});

/** Each declared resource's SPA path → its area, so its screens follow the area's rules whatever their path. */
const AREA_BY_SPA_PATH = new Map(DECLARED_RESOURCES.map((d) => [`/dashboard/${d.spa}`, screenAreaOf(d)]));

/** The SPA resource name (react-admin's) → its area's key: the declared resources', and the pages'. */
export function areaKeyOfResource(resource: string): string | undefined {
  const declared = DECLARED_RESOURCES.find((d) => d.spa === resource);
  return declared ? areaKeyOf(declared) : AREA[resource]?.key;
}

/** The rules of the SPA resource's screens (react-admin's canAccess): a declared resource's own (screenAreaOf), a page's area. */
export function areaOfResource(resource: string): Area | undefined {
  const declared = DECLARED_RESOURCES.find((d) => d.spa === resource);
  return declared ? screenAreaOf(declared) : AREA[resource];
}

export interface Viewer {
  role: string | null | undefined;
  permissions: readonly string[] | null | undefined;
}

/** The navigation filter: does this viewer see the area's item? */
export function showsInNavigation(area: Area, viewer: Viewer | null | undefined): boolean {
  if (!viewer || !viewer.role) return true;
  if (viewer.role === SUPER_ADMIN) return true;
  if (area.navPermission && hasPermission(viewer.permissions, area.navPermission)) return true;
  return area.navLevel !== undefined && area.navLevel === viewer.role;
}

/** Route prohibitions: may this viewer open the area's routes? */
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
  const candidates: [string, Area][] = [
    ...AREAS.filter((a) => a.key !== 'home' && a.key !== 'integrations').map((a): [string, Area] => [a.path, a]),
    ...AREA_BY_SPA_PATH,
  ];
  return candidates.filter(([path]) => pathname === path || pathname.startsWith(path + '/')).sort((a, b) => b[0].length - a[0].length)[0]?.[1];
}
