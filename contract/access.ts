// The role/route access table — one source of truth: the SPA's navigation and route
// guard read it, and the API enforces the same rules on the calls behind each area.
import { ADMIN, hasPermission, SUPER_ADMIN, SYSTEM_USER } from './roles';
import { DECLARED_RESOURCES } from './resources';
import type { ResourceDecl } from './resources/declare';
import { AREA_LIST, type AreaDef, type AreaKey, type BuiltInAreaDef } from './areas';

export { ACCESS_REVIEW_PERMISSION, type AreaKey } from './areas';

export type Area = AreaDef;

/** Where a declared area's group stands in the role editor by default: after the built-in ones. */
const DECLARED_GROUP_ORDER = 100;

/** The key of a declaration's area, built-in or its own. */
export const areaKeyOf = (d: Pick<ResourceDecl, 'area'>): string => (typeof d.area === 'string' ? d.area : d.area.key);

/** The area a declaration brings (the first resource naming a declared area owns its path and navigation). */
function declaredAreaOf(d: ResourceDecl): Area | undefined {
  if (typeof d.area === 'string') return undefined;
  const a = d.area;
  const nav = a.nav === false ? undefined : (a.nav ?? {});
  const { path: listPath, ...item } = resourceItem(d, nav?.order);
  // An area named otherwise than its list ("Compliance" for certificates): the catalogue's `resources.{spa}.nav`.
  if (nav?.label) item.nav = navKey(d.spa);
  return {
    key: a.key,
    // An area with an overview page leads there; its resources' screens keep their own paths (AREA_BY_SPA_PATH).
    path: nav?.page ? `/dashboard/${nav.page}` : listPath,
    ...(nav && { ...item, ...(nav.level !== null && { navLevel: nav.level ?? ADMIN }) }),
    barred: a.barred ?? [SYSTEM_USER],
    grants: {
      order: a.order ?? DECLARED_GROUP_ORDER,
      crud: d.noun,
      defaults: { [SUPER_ADMIN]: [`${a.key}.*`], ...a.defaults },
    },
  };
}

/** The catalogue key of a declared area's own navigation label (DeclaredArea nav.label). */
export const navKey = (spa: string) => `resources.${spa}.nav`;

/** The first declaration naming a built-in area: the area's path and navigation item are its own. */
const ownerOf = (key: string): ResourceDecl | undefined => DECLARED_RESOURCES.find((d) => d.area === key);

/** A navigation item linking to a declared resource's list, labelled with the list's title. */
const resourceItem = (d: ResourceDecl, order: number | undefined) => ({
  path: `/dashboard/${d.spa}`,
  nav: `resources.${d.spa}.list.title`,
  navOrder: order ?? 1000,
});

/** A built-in area with its path: a page's own, or that of the resource naming it (with its `nav` item). */
function builtInArea(a: BuiltInAreaDef): Area {
  if (a.path !== undefined) return a as Area;
  const owner = ownerOf(a.key);
  if (!owner) throw new Error(`The area "${a.key}" has no path and no declared resource names it (contract/areas.ts).`);
  const { path, ...item } = resourceItem(owner, owner.nav?.order);
  return { ...a, path, ...(owner.nav && item) } as Area;
}

function allAreas(): Area[] {
  const out: Area[] = AREA_LIST.map(builtInArea);
  for (const d of DECLARED_RESOURCES) {
    // Resources may share a declared area (area: otherResource.area): the first one brings it.
    if (typeof d.area === 'string' || DECLARED_RESOURCES.find((o) => o.area === d.area) !== d) continue;
    if (out.some((a) => a.key === areaKeyOf(d))) {
      throw new Error(
        `Resource "${d.name}" declares the area "${areaKeyOf(d)}", which exists already: name it (area: '${areaKeyOf(d)}') or share its declaration (area: otherResource.area).`,
      );
    }
    out.push(declaredAreaOf(d)!);
  }
  return out;
}

/** Every area: the built-in ones and those the declared resources bring. */
export const AREAS: readonly Area[] = allAreas();

export const AREA: Readonly<Record<string, Area>> & Record<AreaKey, Area> = Object.fromEntries(
  AREAS.map((a) => [a.key, a]),
) as Record<AreaKey, Area>;

/** The area by key; a key no area has is a mistake in the code, not a caller's. */
export function areaByKey(key: string): Area {
  const area = AREA[key];
  if (!area) throw new Error(`There is no area "${key}" (contract/access.ts, or a declaration's newArea).`);
  return area;
}

/** The permission a declared resource's route of `action` needs: its one `permission`, else `{area}.{action}`. */
export const permissionOf = (d: Pick<ResourceDecl, 'area' | 'permission'>, action: string): string =>
  d.permission ?? `${areaKeyOf(d)}.${action}`;

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
 * The navigation items of resources in a built-in area that ask for one (`nav` in the declaration)
 * beside the area's own (the first resource naming a built-in area without a page gives the area's item):
 * linking to the resource's list, labelled with its title, seen by whoever the area's own item would be
 * (an area without an item: its admins, or super admins only where it bars admin).
 */
export const RESOURCE_NAV: readonly Area[] = DECLARED_RESOURCES.flatMap((d): Area[] => {
  if (!d.nav || typeof d.area !== 'string') return [];
  const builtIn: BuiltInAreaDef | undefined = AREA_LIST.find((a) => a.key === d.area);
  if (builtIn && builtIn.path === undefined && ownerOf(d.area) === d) return [];
  const area = areaByKey(d.area);
  return [
    {
      key: d.spa,
      ...resourceItem(d, d.nav.order),
      ...(area.navPermission
        ? { navPermission: area.navPermission }
        : { navLevel: area.navLevel ?? (area.barred.includes(ADMIN) ? SUPER_ADMIN : ADMIN) }),
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

/** The rules of the SPA resource's screens (react-admin's canAccess): a declared resource's own (screenAreaOf), a
 * page's area. */
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

/** The permission a hand-off to a connected system needs (the API refuses without it; the dashboard offers no cards).
 */
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
  return candidates
    .filter(([path]) => pathname === path || pathname.startsWith(path + '/'))
    .sort((a, b) => b[0].length - a[0].length)[0]?.[1];
}
