// Navigation: the items of the access table that have a label, filtered by role, and the
// rule that marks the current one (path prefix; Home only on the exact path).
import { AREAS, RESOURCE_NAV, showsInNavigation, type Area, type Viewer } from '../../contract/access';

export const HOME_PATH = '/dashboard';

/** The areas' items and the resources' own (RESOURCE_NAV), in their declared places (built-in items at 10, 20, …; an
 * item without one last). */
export const NAV_AREAS: readonly Area[] = [...AREAS.filter((a) => a.nav), ...RESOURCE_NAV].sort(
  (a, b) => (a.navOrder ?? 1000) - (b.navOrder ?? 1000),
);

export function visibleNavItems(viewer: Viewer | null | undefined): Area[] {
  return NAV_AREAS.filter((a) => showsInNavigation(a, viewer));
}

export function isCurrentNavItem(itemPath: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return itemPath === HOME_PATH ? path === HOME_PATH : path.startsWith(itemPath);
}
