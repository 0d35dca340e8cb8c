// Harness of the app-shell tests: the real App (AdminContext, route guard, lazy pages) in a memory
// data router, and fetch stubbed at the HTTP boundary per "METHOD /path".
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { CompanyRef, SessionUser, SystemRef } from '../../contract/types';
import { authStore, uiStore } from '../../providers/store';
import App from '../../src/App';
import { forgetVerification } from '../../src/routing/sessionCheck';
import { showsInNavigation, type Viewer } from '../../contract/access';
import { i18nProvider } from '../../providers/i18nProvider';
import { NAV_AREAS } from '../../src/layout/navItems';

// ---- fixtures -------------------------------------------------------------------------------

export const ACME: CompanyRef = { uuid: 'c-acme', id: 'c-acme', name: 'Acme Lettings' };
export const BETA: CompanyRef = { uuid: 'c-beta', id: 'c-beta', name: 'Beta Homes' };
export const OLYMPUS: SystemRef = { uuid: 's-olympus', name: 'Olympus', description: 'This portal' };
export const EVEREST: SystemRef = {
  uuid: 's-everest',
  name: 'Everest',
  description: 'Lettings and property management',
};
export const PORTAL: SystemRef = { uuid: 's-portal', name: 'Portal', description: 'Tenant portal' };
export const ATLAS: SystemRef = { uuid: 's-atlas', name: 'Atlas', description: 'Maintenance' };

const ROLE_LABELS: Record<string, string> = { super_admin: 'Super Admin', admin: 'Admin', system_user: 'System User' };

/** A session user; `role` null means no Olympus role. */
// Every demo role holds systems.redirect (server/db/seed.ts); without it the dashboard offers no system.
export function makeUser({
  role = 'admin',
  permissions = role ? ['systems.redirect'] : [],
  systems = [OLYMPUS, EVEREST, PORTAL],
  companies = [ACME, BETA],
  name = 'Ada Lovelace',
}: {
  role?: string | null;
  permissions?: string[];
  systems?: SystemRef[];
  companies?: CompanyRef[];
  name?: string;
} = {}): SessionUser {
  return {
    uuid: 'u-ada',
    id: 'u-ada',
    name,
    username: 'ada@example.com',
    email: 'ada@example.com',
    bypass_sso: false,
    companies,
    systems,
    roles: [],
    olympusRole: role ? { uuid: `r-${role}`, name: role, label: ROLE_LABELS[role] ?? role, permissions } : null,
    olympus_role_uuid: role ? `r-${role}` : null,
    everest_role_uuid: null,
    portal_role_uuid: null,
    property_permissions: [],
  };
}

export const TOKEN = 'tok-shell';

/** The persisted state after a token login (providers/authSession): token, user, first company current. */
export function signIn(user: SessionUser = makeUser(), token = TOKEN) {
  const first = user.companies[0] ?? null;
  authStore.set({
    access_token: token,
    user,
    currentCompany: first?.uuid ?? null,
    currentCompanyName: first?.name ?? null,
  });
}

/** A fresh page load: no stored state, loading flag as at start-up, no token confirmed yet. */
export function freshPage() {
  authStore.reset();
  uiStore.reset();
  forgetVerification();
}

// ---- fetch at the HTTP boundary -------------------------------------------------------------

export interface ApiCall {
  method: string;
  url: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: unknown;
  /** The caller's abort signal (react-query cancelling a superseded list page). */
  signal?: AbortSignal;
}
export type Reply = { status: number; body?: unknown } | 'network-error';
export type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** Stubs fetch: unknown routes answer 404 with a message; 'network-error' rejects like fetch does. */
export function stubApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: ApiCall = {
      method,
      url: String(input),
      path: url.pathname,
      search: url.search,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    if (url.pathname === '/sanctum/csrf-cookie') return fakeResponse(204, undefined);
    const handler = routes[`${method} ${url.pathname}`];
    const answer =
      handler === undefined
        ? { status: 404, body: { message: 'Not Found' } }
        : typeof handler === 'function'
          ? handler(call)
          : handler;
    // Like fetch, an aborted call rejects with an AbortError, whatever the server would have said.
    const reply = await (call.signal ? Promise.race([answer, aborted(call.signal)]) : answer);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return fakeResponse(reply.status, reply.body);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, called: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

// httpClient reads status and text() only.
function fakeResponse(status: number, body: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { status, ok: status >= 200 && status < 300, text: async () => text } as unknown as Response;
}

/** The API of a valid session for `user`. */
export function sessionApi(user: SessionUser, extra: Record<string, Handler> = {}) {
  return stubApi({
    'POST /api/v1/auth/authenticated': { status: 200, body: { data: { authenticated: true } } },
    'GET /api/v1/session': { status: 200, body: { data: user } },
    'POST /api/v1/auth/logout': { status: 200, body: { data: { message: 'Logged out' } } },
    ...extra,
  });
}

/** Replaces window.location (jsdom's own cannot be spied on) with one whose assign and reload are mocks. */
export function stubLocation() {
  const assign = vi.fn<(url: string) => void>();
  const reload = vi.fn<() => void>();
  vi.stubGlobal('location', { ...window.location, assign, reload });
  return { assign, reload };
}

// ---- rendering ------------------------------------------------------------------------------

/** Renders the real App at `url`; `router.state.location` tells where it went. */
export function renderApp(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <App queryClient={queryClient} /> }], {
    initialEntries: [url],
  });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, queryClient };
}

export const location = (router: ReturnType<typeof createMemoryRouter>) =>
  router.state.location.pathname + router.state.location.search;

/** Text split across elements (e.g. a sentence with a link) matched on one element's whole text. */
export const byWholeText = (text: string) => (_: string, el: Element | null) =>
  !!el && el.textContent === text && Array.from(el.children).every((c) => c.textContent !== text);

export const findWholeText = (text: string) => screen.findByText(byWholeText(text));

/** The areas the original navigation lists; the test tables below name their items. */
const SPEC_NAV_AREAS: readonly string[] = ['home', 'users', 'roles', 'properties', 'companies', 'reports'];

/**
 * The original navigation items for a viewer, with those of any area or resource declared since that shows for
 * the viewer standing where their declaration places them (navOrder): a new area's menu item does not make
 * these tests wrong. The original items must be there in the order given, else it throws.
 */
export function expectedNav(specItems: readonly string[], viewer: Viewer | null): string[] {
  const label = (a: (typeof NAV_AREAS)[number]) => i18nProvider.translate(a.nav ?? '');
  const items = NAV_AREAS.filter((a) =>
    SPEC_NAV_AREAS.includes(a.key) ? specItems.includes(label(a)) : showsInNavigation(a, viewer),
  ).map(label);
  const spec = items.filter((l) => specItems.includes(l));
  if (spec.join('|') !== specItems.join('|'))
    throw new Error(`The original navigation items are ${JSON.stringify(spec)}, not ${JSON.stringify(specItems)}.`);
  return items;
}
