// Where the admin lives, for the SPA, its build and the server alike (a leaf: the build's config imports it).

/** Every signed-in screen is under this address (the SPA's routes; the server's page for them). */
export const DASHBOARD_PATH = '/dashboard';

/** The build's page for an address under DASHBOARD_PATH: index.html with the admin's code preloaded (docs/speed.md). */
export const DASHBOARD_HTML = 'dashboard.html';
