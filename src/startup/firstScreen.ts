// The first screen, asked for while the app's own code still loads (docs/speed.md): the page's code
// (./routing/routes.ts) and, for a signed-in person, the session check and refresh and on a list screen
// its first page start together with the shell instead of one after another. Each early answer is
// handed to the first identical call (providers/httpClient.ts startEarly); a screen that asks
// something else simply asks it.
import { API_PATHS, listPath } from '../../providers/dataProvider';
import { startEarly } from '../../providers/httpClient';
import { AUTHENTICATED_PATH, SESSION_PATH } from '../../providers/olympusApi';
import { filterValuesOfSearch, filtersOf, pageFromSearch, pageSizeFrom, UNSORTED } from '../../providers/listQuery';
import { authStore, uiStore } from '../../providers/store';
import { DASHBOARD_PATH } from '../routing/guardDecision';
import { loadRoute, routeModuleFor } from '../routing/routes';

const isDashboard = (pathname: string) => pathname === DASHBOARD_PATH || pathname.startsWith(`${DASHBOARD_PATH}/`);

/** What the first screen at this address will ask of the API, for a stored session; nothing without one. */
export function firstCalls(pathname: string, search: string): { method: 'GET' | 'POST'; path: string }[] {
  const { access_token, currentCompany } = authStore.get();
  if (!access_token || !isDashboard(pathname)) return [];
  // The route guard's check and session refresh (src/routing/sessionCheck.ts).
  const calls: { method: 'GET' | 'POST'; path: string }[] = [
    { method: 'POST', path: AUTHENTICATED_PATH },
    { method: 'GET', path: SESSION_PATH },
  ];
  // A list screen (/dashboard/{resource}) asks its first page unsorted and unsearched, filtered as its
  // address says (src/lists/useScreenList.ts).
  const resource = new RegExp(`^${DASHBOARD_PATH}/([^/]+)/?$`).exec(pathname)?.[1];
  if (resource && currentCompany && Object.hasOwn(API_PATHS, resource)) {
    const pagination = { page: pageFromSearch(search), perPage: pageSizeFrom(uiStore.get().resultsPerPage) };
    const filter = filterValuesOfSearch(filtersOf(API_PATHS[resource]), search);
    calls.push({ method: 'GET', path: listPath(resource, { pagination, sort: UNSORTED, filter }) });
  }
  return calls;
}

/**
 * Starts the first screen's code and calls; called once, before the app renders (main.tsx). Answers when
 * the page's module is in (or failed, or there is none to load): main.tsx renders then.
 */
export function startFirstScreen({ pathname, search }: { pathname: string; search: string }): Promise<void> {
  for (const call of firstCalls(pathname, search)) startEarly(call.method, call.path);
  const route = routeModuleFor(pathname, !!authStore.get().access_token);
  // A failed download surfaces where App.tsx renders the lazy page, not here.
  return route
    ? loadRoute(route).then(
        () => {},
        () => {},
      )
    : Promise.resolve();
}
