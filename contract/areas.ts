// The built-in areas of the access table (./access.ts adds those the declared resources bring). A
// leaf: the declarations name an area by its key, so this module imports nothing that imports them.
// An area a declared resource names (users, roles, properties, companies, units) holds only its rules
// here: its path and navigation item are the resource's (its `spa` and `nav`, ./access.ts); the pages
// that are no resource (home, reports, the audit log, …) give theirs here, once.
import { ADMIN, SUPER_ADMIN, SYSTEM_USER, type OlympusRoleName } from './roles';

/** A row of the permission catalogue (./permissions.ts): a dotted name and its label. */
export interface PermissionDef {
  name: string;
  label: string;
}

/** The permission that opens the audit log (super_admin holds every permission). */
export const AUDIT_PERMISSION = 'audit.view';

/** Reviewing access means acting on users: the same permission as changing one. */
export const ACCESS_REVIEW_PERMISSION = 'users.update';

export interface AreaDef {
  key: string;
  /** Path under the SPA root; the navigation links to it when `nav` is set. */
  path: string;
  /** i18n key of the navigation label. */
  nav?: string;
  /** The navigation item's place: the built-in items stand at 10, 20, … (Home 10, Users 20, Roles 30, Properties 40,
   * Companies 50, Reports 60, Audit log 70). */
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
   * its `{area}.*|view|create|update|delete` rows ("All user permissions", "View users"), `more` follows them;
   * `order` places the group in the role editor, which lists groups in another order than the navigation.
   */
  grants?: {
    order: number;
    crud?: { one: string; many: string };
    more?: readonly PermissionDef[];
    /**
     * Which of the area's permissions each built-in role is given by default: on a new database, and
     * on an existing one when the permission first appears there (server/permissions/catalogue.ts);
     * never again after, so a grant an administrator took away stays away.
     */
    defaults?: Partial<Record<OlympusRoleName, readonly string[]>>;
  };
}

/**
 * A built-in area: a page's gives its path (and its navigation item with `nav` and `navOrder`); one
 * without a path is a declared resource's, whose declaration gives both (./access.ts).
 */
export type BuiltInAreaDef = Omit<AreaDef, 'path' | 'nav' | 'navOrder'> &
  ({ path: string; nav?: string; navOrder?: number } | { path?: undefined; nav?: undefined; navOrder?: undefined });

// `as const`: AreaKey follows from the entries. A resource's own new area is declared with the
// resource instead (`newArea`, below), so adding one touches no shared file.
export const AREA_LIST = [
  { key: 'home', path: '/dashboard', nav: 'olympus.nav.home', navOrder: 10, navLevel: ADMIN, barred: [] },
  {
    key: 'users',
    navLevel: ADMIN,
    barred: [SYSTEM_USER],
    grants: {
      order: 1,
      crud: { one: 'user', many: 'users' },
      more: [{ name: 'users.view_all', label: 'View users of every company' }],
      defaults: { [SUPER_ADMIN]: ['users.*'], [ADMIN]: ['users.*'] },
    },
  },
  {
    key: 'roles',
    navLevel: SUPER_ADMIN,
    barred: [SYSTEM_USER, ADMIN],
    grants: { order: 5, crud: { one: 'role', many: 'roles' }, defaults: { [SUPER_ADMIN]: ['roles.*'] } },
  },
  {
    key: 'properties',
    navLevel: ADMIN,
    barred: [SYSTEM_USER],
    grants: {
      order: 3,
      crud: { one: 'property', many: 'properties' },
      defaults: { [SUPER_ADMIN]: ['properties.*'], [ADMIN]: ['properties.*'] },
    },
  },
  {
    key: 'companies',
    navLevel: SUPER_ADMIN,
    barred: [SYSTEM_USER, ADMIN],
    grants: { order: 2, crud: { one: 'company', many: 'companies' }, defaults: { [SUPER_ADMIN]: ['companies.*'] } },
  },
  {
    key: 'reports',
    path: '/dashboard/reports',
    nav: 'olympus.nav.reports',
    navOrder: 60,
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
  {
    key: 'units',
    barred: [SYSTEM_USER],
    grants: {
      order: 4,
      crud: { one: 'unit', many: 'units' },
      defaults: { [SUPER_ADMIN]: ['units.*'], [ADMIN]: ['units.*'] },
    },
  },
  // Admin is barred from the integration edit route; the API also bars system_user (the server may be stricter than the
  // UI).
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
  {
    key: 'accessReview',
    path: '/dashboard/access-review',
    barred: [SYSTEM_USER],
    permissions: [ACCESS_REVIEW_PERMISSION],
  },
  // The audit log (docs/security.md "The audit log"): holders of audit.view, each seeing their own
  // companies' events; super admins see all. Admins are not given it by default: a super admin grants it.
  {
    key: 'audit',
    path: '/dashboard/audit',
    nav: 'olympus.nav.audit',
    navOrder: 70,
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
] as const satisfies readonly BuiltInAreaDef[];

/** The built-in areas' keys; a declared area's key is any other name (DeclaredArea). */
export type AreaKey = (typeof AREA_LIST)[number]['key'];
