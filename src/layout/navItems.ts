// Navigation: the items of the access table that have a label, filtered by role, and the
// rule that marks the current one (path prefix; Home only on the exact path).
import { AREAS, RESOURCE_NAV, showsInNavigation, type Area, type Viewer } from '../../contract/access';
import { DECLARED_RESOURCES } from '../../contract/resources';

export const HOME_PATH = '/dashboard';

/** The areas' items and the resources' own (RESOURCE_NAV), in their declared places (built-in items at 10, 20, …; an
 * item without one last). */
export const NAV_AREAS: readonly Area[] = [...AREAS.filter((a) => a.nav), ...RESOURCE_NAV].sort(
  (a, b) => (a.navOrder ?? 1000) - (b.navOrder ?? 1000),
);

export function visibleNavItems(viewer: Viewer | null | undefined): Area[] {
  return NAV_AREAS.filter((a) => showsInNavigation(a, viewer));
}

/** An area whose item leads to its overview page (DeclaredArea nav.page): its resources' screens are its too
 * (Compliance is current on the certificate screens). */
const OVERVIEW_SCREENS: ReadonlyMap<string, readonly string[]> = DECLARED_RESOURCES.reduce((map, d) => {
  if (typeof d.area === 'string' || !d.area.nav || !d.area.nav.page) return map;
  const item = `/dashboard/${d.area.nav.page}`;
  return map.set(item, [...(map.get(item) ?? []), `/dashboard/${d.spa}`]);
}, new Map<string, string[]>());

export function isCurrentNavItem(itemPath: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (itemPath === HOME_PATH) return path === HOME_PATH;
  return (
    path.startsWith(itemPath) ||
    (OVERVIEW_SCREENS.get(itemPath) ?? []).some((p) => path === p || path.startsWith(`${p}/`))
  );
}
