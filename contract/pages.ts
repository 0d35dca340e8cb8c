// The SPA's pages once: each address, who may open it (the route guard's restriction) and the source module
// that renders it. The SPA loads that module on demand (src/routing/routes.ts); the server names the module's
// chunks in the HTML it sends for the address, so they download beside the shell (server/spaPreload.ts,
// docs/speed.md "The first screen").

/** none: open to anyone; guest: signed-out users only; login: signed-in users, subject to the area's route rules
 * (contract/access.ts). */
export type Restriction = 'none' | 'guest' | 'login';

export const DASHBOARD_PATH = '/dashboard';

export interface Page {
  /** An exact address, or one ending in `/*`: that address and everything below it. */
  path: string;
  restriction: Restriction;
  /** The module with the page as its default export, from the repository's root (a key of Vite's manifest). */
  module: string;
}

export const PAGES: readonly Page[] = [
  { path: '/', restriction: 'none', module: 'src/pages/auth/LandingPage.tsx' },
  { path: '/login', restriction: 'guest', module: 'src/pages/auth/LoginPage.tsx' },
  { path: '/login-form', restriction: 'guest', module: 'src/pages/auth/LoginFormPage.tsx' },
  { path: '/login/azure/callback', restriction: 'none', module: 'src/pages/auth/AzureCallbackPage.tsx' },
  { path: '/password/new', restriction: 'none', module: 'src/pages/auth/PasswordNewPage.tsx' },
  { path: '/password/reset', restriction: 'none', module: 'src/pages/auth/PasswordResetPage.tsx' },
  { path: '/password/reset/verify', restriction: 'none', module: 'src/pages/auth/PasswordVerifyPage.tsx' },
  { path: '/invitation', restriction: 'none', module: 'src/pages/auth/InvitationPage.tsx' },
  // Everything under /dashboard: react-admin's AdminUI and the resources.
  { path: `${DASHBOARD_PATH}/*`, restriction: 'login', module: 'src/routing/AdminRoutes.tsx' },
];

/** `pathname` without a trailing slash, lower case: react-router matches addresses so (not case sensitive). */
const normal = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();

/** The page at `pathname`, as the SPA's router matches it (its `<Route path>` of each page), or undefined. */
export function pageAt(pathname: string): Page | undefined {
  const at = normal(pathname);
  return PAGES.find((page) => {
    if (!page.path.endsWith('/*')) return at === page.path;
    const base = page.path.slice(0, -2);
    return at === base || at.startsWith(`${base}/`);
  });
}
