// The SPA's routes: each page of contract/pages.ts (its address, its guard restriction, its module) with
// the loader of its module, a chunk of its own. App.tsx renders them; src/startup/firstScreen.ts starts the
// module of the address the app opens at beside the shell's own modules, so the page's code does not wait
// for the shell to run first, and the server names the same module's chunks in the page's HTML
// (docs/speed.md).
import type { ComponentType } from 'react';
import { pageAt, PAGES, type Page } from '../../contract/pages';

export interface RouteModule extends Page {
  load: () => Promise<{ default: ComponentType }>;
}

type PageModule = { default: ComponentType };
/** Every module a page may name, as lazy chunks (keys relative to this folder, as Vite gives them). */
const MODULES: Record<string, () => Promise<PageModule>> = import.meta.glob<PageModule>([
  '../pages/auth/*Page.tsx',
  './AdminRoutes.tsx',
]);

/** A page's module (its path from the repository's root) as the key `import.meta.glob` gives it here. */
const keyOf = (module: string) =>
  module.startsWith('src/routing/') ? `./${module.slice('src/routing/'.length)}` : `../${module.slice('src/'.length)}`;

function loaderOf(module: string): RouteModule['load'] {
  const load = MODULES[keyOf(module)];
  if (!load) throw new Error(`contract/pages.ts names ${module}, which src/routing/routes.ts does not load.`);
  return load;
}

export const ROUTES: readonly RouteModule[] = PAGES.map((page) => ({ ...page, load: loaderOf(page.module) }));

/**
 * The page module the app will show at `pathname`, as far as the stored session tells: a signed-in
 * page only with a token, a guest page only without one (the route guard would redirect instead).
 */
export function routeModuleFor(pathname: string, signedIn: boolean): RouteModule | undefined {
  const page = pageAt(pathname);
  const route = page && ROUTES.find((r) => r.path === page.path);
  if (!route) return undefined;
  if (route.restriction === 'login' && !signedIn) return undefined;
  if (route.restriction === 'guest' && signedIn) return undefined;
  return route;
}
