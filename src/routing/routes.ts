// The SPA's routes once: the path, who may open it (the route guard's restriction) and its
// page module, loaded on demand. App.tsx renders them; src/startup/firstScreen.ts starts the module
// of the address the app opens at beside the shell's own modules, so the page's code does not wait
// for the shell to run first (docs/speed.md).
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { DASHBOARD_PATH, type Restriction } from './guardDecision';

export interface RouteModule {
  path: string;
  restriction: Restriction;
  load: () => Promise<{ default: ComponentType }>;
}

/** Everything under /dashboard: react-admin's AdminUI and the resources. */
export const loadAdminRoutes = () => import('./AdminRoutes');

export const ROUTES: readonly RouteModule[] = [
  { path: '/', restriction: 'none', load: () => import('../pages/auth/LandingPage') },
  { path: '/login', restriction: 'guest', load: () => import('../pages/auth/LoginPage') },
  { path: '/login-form', restriction: 'guest', load: () => import('../pages/auth/LoginFormPage') },
  { path: '/login/azure/callback', restriction: 'none', load: () => import('../pages/auth/AzureCallbackPage') },
  { path: '/password/new', restriction: 'none', load: () => import('../pages/auth/PasswordNewPage') },
  { path: '/password/reset', restriction: 'none', load: () => import('../pages/auth/PasswordResetPage') },
  { path: '/password/reset/verify', restriction: 'none', load: () => import('../pages/auth/PasswordVerifyPage') },
  { path: '/invitation', restriction: 'none', load: () => import('../pages/auth/InvitationPage') },
  { path: `${DASHBOARD_PATH}/*`, restriction: 'login', load: loadAdminRoutes },
];

/**
 * The page module the app will show at `pathname`, as far as the stored session tells: a signed-in
 * page only with a token, a guest page only without one (the route guard would redirect instead).
 */
export function routeModuleFor(pathname: string, signedIn: boolean): RouteModule | undefined {
  const route = ROUTES.find((r) => matchPath(r.path, pathname) !== null);
  if (!route) return undefined;
  if (route.restriction === 'login' && !signedIn) return undefined;
  if (route.restriction === 'guest' && signedIn) return undefined;
  return route;
}

type PageModule = Awaited<ReturnType<RouteModule['load']>>;
/** The page modules loaded so far, by route path. */
const loaded = new Map<string, PageModule>();

/** Loads a route's page module and remembers it once in (./pageOfRoute: the page then renders at once). */
export function loadRoute(route: RouteModule): Promise<PageModule> {
  return route.load().then((module) => {
    loaded.set(route.path, module);
    return module;
  });
}

/** The route's page module if it is in already, else undefined. */
export const loadedRoute = (route: RouteModule): PageModule | undefined => loaded.get(route.path);
