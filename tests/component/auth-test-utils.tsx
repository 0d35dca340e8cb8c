// Shared harness of the auth screen tests: react-admin's AdminContext with the real English texts,
// a MemoryRouter with a small route table that shows where the page navigated, and a fetch stub that
// answers per "METHOD /path" at the HTTP boundary.
import type { ReactElement } from 'react';
import { configure, render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AdminContext, memoryStore, mergeTranslations } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { vi } from 'vitest';
import { auth } from '../../src/i18n/en/auth';
import type { SessionUser } from '../../contract/types';

// A missing olympus.* key throws, so a screen can never show a raw key unnoticed.
export const i18nProvider = polyglotI18nProvider(
  () => mergeTranslations(englishMessages, { olympus: { auth } }),
  'en',
  [{ locale: 'en', name: 'English' }],
  {
    allowMissing: false,
    onMissingKey: (key: string) => {
      if (key.startsWith('olympus.')) throw new Error(`Missing translation for key: "${key}"`);
      return key;
    },
  },
);

function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` at `route` with the browser at `url`; any other path renders "Elsewhere". */
export function renderAt(element: ReactElement, { route, url = route }: { route: string; url?: string }) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationDisplay />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Path and query the router is at now. */
export const currentUrl = () => screen.getByTestId('location').textContent;

// ---- fetch at the HTTP boundary -------------------------------------------------------------

export interface ApiCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}
export type Reply = { status: number; body?: unknown } | 'network-error';
export type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** A request body as sent: JSON parsed, anything else (a CSV file) as its text. */
function jsonOrText(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Stubs fetch: CSRF cookie always answers 204; unknown routes 404; 'network-error' rejects like fetch does. */
export function stubApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: ApiCall = {
      method,
      path: url.pathname,
      search: url.search,
      body: typeof init?.body === 'string' ? jsonOrText(init.body) : undefined,
    };
    calls.push(call);
    if (url.pathname === '/sanctum/csrf-cookie') return fakeResponse(204, undefined);
    const handler = routes[`${method} ${url.pathname}`];
    const reply =
      handler === undefined
        ? { status: 404, body: { message: 'Not Found' } }
        : typeof handler === 'function'
          ? await handler(call)
          : handler;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return fakeResponse(reply.status, reply.body);
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    /** Calls other than the CSRF cookie. */
    apiCalls: () => calls.filter((c) => c.path !== '/sanctum/csrf-cookie'),
  };
}

// httpClient reads only status and text(); a plain object keeps the stub free of stream timers.
function fakeResponse(status: number, body: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { status, ok: status >= 200 && status < 300, text: async () => text } as unknown as Response;
}

/** A reply the test releases when it wants, to observe the busy state. */
export function deferred() {
  let release!: (r: Reply) => void;
  const promise = new Promise<Reply>((resolve) => (release = resolve));
  return { handler: () => promise, release };
}

/** Replaces window.location (jsdom's assign cannot be spied on) with one whose assign is a mock. */
export function stubLocationAssign() {
  const assign = vi.fn<(url: string) => void>();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

// ---- fixtures -------------------------------------------------------------------------------

export const COMPANY = { uuid: 'c-1', id: 'c-1', name: 'Acme Lettings' };

export const USER: SessionUser = {
  uuid: 'u-1',
  id: 'u-1',
  name: 'Ada Admin',
  username: 'ada@example.com',
  email: 'ada@example.com',
  bypass_sso: false,
  companies: [COMPANY, { uuid: 'c-2', id: 'c-2', name: 'Beta Homes' }],
  systems: [
    { uuid: 's-olympus', name: 'Olympus', description: null },
    { uuid: 's-everest', name: 'Everest', description: 'Lettings' },
  ],
  roles: [],
  olympusRole: { uuid: 'r-1', name: 'admin', label: 'Admin', permissions: [] },
  olympus_role_uuid: 'r-1',
  everest_role_uuid: null,
  portal_role_uuid: null,
  property_permissions: [],
};

export const TOKEN_LOGIN: Reply = {
  status: 200,
  body: { data: { access_token: 'tok-123', token_type: 'Bearer', expires_at: '2030-01-01T00:00:00Z' } },
};
export const SESSION_OK: Reply = { status: 200, body: { data: USER } };

/**
 * Fake setTimeout only: the screens' fixed delays become exact (the clock moves only when a test says so),
 * while waitFor's polling (setInterval) and DOM observation stay real. A findBy that never matches
 * then ends at the test timeout rather than its own.
 */
export function fakeDelays() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

// Testing Library's asyncWrapper (used by user-event and waitFor) drains with setTimeout(0), which a
// faked setTimeout never fires outside Jest. Same wrapper, drained with the real setImmediate instead.
type ActFlag = { IS_REACT_ACT_ENVIRONMENT?: boolean };
configure({
  asyncWrapper: async (cb) => {
    const flag = globalThis as ActFlag;
    const previous = flag.IS_REACT_ACT_ENVIRONMENT;
    flag.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const result: unknown = await cb();
      await new Promise<void>((resolve) => setImmediate(resolve));
      return result;
    } finally {
      flag.IS_REACT_ACT_ENVIRONMENT = previous;
    }
  },
});

/** Fills the /login-form screen's email and password and presses Login. */
export async function submitLoginForm(
  user: ReturnType<typeof userEvent.setup>,
  email = 'ada@example.com',
  password = 'Secret123',
) {
  await user.type(screen.getByLabelText('Email Address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}
