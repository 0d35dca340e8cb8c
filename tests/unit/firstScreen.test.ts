// A signed-in person's first screen asked for early (src/startup/firstScreen.ts, docs/speed.md): which
// calls start before the app renders, and how an early answer is handed to the one identical call
// (providers/httpClient.ts) — once, to the same token and company only, and only while fresh.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyListPage } from '../../providers/dataProvider';
import { apiGet, apiPost, EARLY_ANSWER_TTL_MS, startEarly, takeSettledEarly } from '../../providers/httpClient';
import { authStore, uiStore } from '../../providers/store';
import { loadedRoute, routeModuleFor, ROUTES } from '../../src/routing/routes';
import { confirmFromEarlyAnswers, forgetVerification, isVerified, verifySession } from '../../src/routing/sessionCheck';
import { firstCalls, startFirstScreen } from '../../src/startup/firstScreen';
import { stubRoutes } from './fetchStub';

const SIGNED_IN = { access_token: 'tok', currentCompany: 'c-1' };

describe('the first screen’s calls', () => {
  beforeEach(() => {
    authStore.reset();
    uiStore.set({ resultsPerPage: '10' });
  });

  it('asks nothing without a stored token, or outside /dashboard', () => {
    expect(firstCalls('/dashboard/unit', '')).toEqual([]);
    authStore.set(SIGNED_IN);
    expect(firstCalls('/', '')).toEqual([]);
    expect(firstCalls('/login', '')).toEqual([]);
    expect(firstCalls('/dashboards', '')).toEqual([]);
  });

  it('on the dashboard: the session check and the session', () => {
    authStore.set(SIGNED_IN);
    expect(firstCalls('/dashboard', '')).toEqual([
      { method: 'POST', path: '/api/v1/auth/authenticated' },
      { method: 'GET', path: '/api/v1/session' },
    ]);
  });

  it('on a list screen: also its first page, as the list asks it (page from the address, size from the preference)', () => {
    authStore.set(SIGNED_IN);
    uiStore.set({ resultsPerPage: '20' });
    expect(firstCalls('/dashboard/unit', '?page=3').map((c) => c.path)).toContain('/api/v1/units?page=3&per_page=20');
    expect(firstCalls('/dashboard/users', '').map((c) => c.path)).toContain('/api/v1/users?page=1&per_page=20');
    // Not a list screen: a form, an unknown area, or a list without a company to ask it for.
    for (const path of ['/dashboard/unit/create', '/dashboard/unit/u-1', '/dashboard/account', '/dashboard/nothing']) {
      expect(firstCalls(path, '')).toHaveLength(2);
    }
    authStore.set({ currentCompany: null });
    expect(firstCalls('/dashboard/unit', '')).toHaveLength(2);
  });
});

describe('the page code started early', () => {
  const path = (pathname: string, signedIn: boolean) => routeModuleFor(pathname, signedIn)?.path;

  it('is the page the route guard will show for the stored session', () => {
    expect(path('/login', false)).toBe('/login');
    expect(path('/login-form', false)).toBe('/login-form');
    expect(path('/password/reset/verify', false)).toBe('/password/reset/verify');
    expect(path('/', true)).toBe('/');
    expect(path('/dashboard/unit', true)).toBe('/dashboard/*');
    expect(path('/dashboard', true)).toBe('/dashboard/*');
  });

  it('is loaded by the start-up, which settles once it is in (main.tsx renders then)', async () => {
    authStore.reset();
    const login = ROUTES.find((r) => r.path === '/login');
    expect(login && loadedRoute(login)).toBeUndefined();
    await startFirstScreen({ pathname: '/login', search: '' });
    expect(login && loadedRoute(login)).toBeDefined();
    // No page to load (a guest at a signed-in address): it settles at once.
    await expect(startFirstScreen({ pathname: '/dashboard/unit', search: '' })).resolves.toBeUndefined();
    expect(loadedRoute(ROUTES.find((r) => r.path === '/dashboard/*')!)).toBeUndefined();
  });

  it('never loads the admin for a guest, nor a sign-in page for a signed-in person (both are redirected)', () => {
    expect(path('/dashboard/unit', false)).toBeUndefined();
    expect(path('/dashboard', false)).toBeUndefined();
    expect(path('/login', true)).toBeUndefined();
    expect(path('/nowhere', false)).toBeUndefined();
  });
});

describe('an early answer', () => {
  beforeEach(() => authStore.reset());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('goes to the first identical call, once; the next call asks again', async () => {
    authStore.set(SIGNED_IN);
    const calls = stubRoutes({
      'GET /api/v1/session': { status: 200, body: { data: { name: 'Ann' } } },
      'POST /api/v1/auth/authenticated': { status: 200, body: { data: { authenticated: true } } },
    });
    startEarly('GET', '/api/v1/session');
    startEarly('POST', '/api/v1/auth/authenticated');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({
      method: 'POST',
      body: {},
      headers: { Authorization: 'Bearer tok', 'X-Tenant': 'c-1' },
    });
    expect(await apiGet('/api/v1/session')).toEqual({ data: { name: 'Ann' }, status: 200 });
    expect(await apiPost('/api/v1/auth/authenticated')).toEqual({ data: { authenticated: true }, status: 200 });
    expect(calls).toHaveLength(2);
    await apiGet('/api/v1/session');
    expect(calls).toHaveLength(3);
  });

  it('never goes to another token or company, nor to a call with another body', async () => {
    authStore.set(SIGNED_IN);
    const calls = stubRoutes({
      'GET /api/v1/units?page=1&per_page=10': { status: 200, body: { data: [] } },
      'POST /api/v1/auth/authenticated': { status: 200, body: {} },
    });
    startEarly('GET', '/api/v1/units?page=1&per_page=10');
    startEarly('POST', '/api/v1/auth/authenticated');
    authStore.set({ currentCompany: 'c-2' });
    await apiGet('/api/v1/units?page=1&per_page=10');
    expect(calls.at(-1)?.headers['X-Tenant']).toBe('c-2');
    authStore.set({ currentCompany: 'c-1', access_token: 'other' });
    await apiGet('/api/v1/units?page=1&per_page=10');
    expect(calls.at(-1)?.headers.Authorization).toBe('Bearer other');
    authStore.set(SIGNED_IN);
    await apiPost('/api/v1/auth/authenticated', { other: true });
    expect(calls).toHaveLength(5);
  });

  it('is dropped once older than its time to live', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    authStore.set(SIGNED_IN);
    const calls = stubRoutes({ 'GET /api/v1/session': { status: 200, body: { data: {} } } });
    startEarly('GET', '/api/v1/session');
    vi.setSystemTime(Date.now() + EARLY_ANSWER_TTL_MS + 1);
    await apiGet('/api/v1/session');
    expect(calls).toHaveLength(2);
  });

  it('that failed on the network is asked again', async () => {
    authStore.set(SIGNED_IN);
    const calls = stubRoutes({ 'GET /api/v1/session': 'network-error' });
    startEarly('GET', '/api/v1/session');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await apiGet('/api/v1/session')).toBeUndefined();
    expect(calls).toHaveLength(2);
  });

  it('is taken at once by a first render only when it is in (a list’s first page, shaped as getList’s result)', async () => {
    authStore.set(SIGNED_IN);
    const page = '/api/v1/units?page=1&per_page=10';
    const calls = stubRoutes({
      [`GET ${page}`]: {
        status: 200,
        body: { data: [{ uuid: 'u-1', name: 'Flat 1' }], meta: { total: 26, page: 1, per_page: 10 } },
      },
    });
    const params = { pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' as const }, filter: {} };
    startEarly('GET', page);
    // Not in yet: nothing is taken, and the list's own call still gets it.
    expect(earlyListPage('unit', params)).toBeUndefined();
    expect(takeSettledEarly('GET', '/api/v1/elsewhere')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(earlyListPage('unit', params)).toEqual({ data: [{ uuid: 'u-1', name: 'Flat 1', id: 'u-1' }], total: 26 });
    // Taken once: the next identical call asks the API.
    expect(earlyListPage('unit', params)).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('refused (401) is left to the list’s own call, which signs out', async () => {
    authStore.set(SIGNED_IN);
    const page = '/api/v1/units?page=1&per_page=10';
    const calls = stubRoutes({ [`GET ${page}`]: { status: 401, body: { message: 'Unauthenticated.' } } });
    startEarly('GET', page);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(
      earlyListPage('unit', { pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' }, filter: {} }),
    ).toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});

describe('the session check answered before the first render', () => {
  const USER = { id: 'u-1', name: 'Ann', companies: [{ uuid: 'c-1', name: 'Acme' }] };
  const answered = () => new Promise((resolve) => setTimeout(resolve, 0));
  beforeEach(() => {
    authStore.reset();
    forgetVerification();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('confirms the session at once, the refreshed user applied, without asking again', async () => {
    authStore.set({ ...SIGNED_IN, user: null });
    const calls = stubRoutes({
      'POST /api/v1/auth/authenticated': { status: 200, body: { authenticated: true } },
      'GET /api/v1/session': { status: 200, body: { data: USER } },
    });
    for (const call of firstCalls('/dashboard', '')) startEarly(call.method, call.path);
    await answered();
    confirmFromEarlyAnswers();
    expect(isVerified('tok')).toBe(true);
    expect(authStore.get().user).toEqual(USER);
    expect(authStore.get().currentCompanyName).toBe('Acme');
    expect(calls).toHaveLength(2);
  });

  it('leaves a check still on its way, or refused, to the route guard', async () => {
    authStore.set(SIGNED_IN);
    const calls = stubRoutes({
      'POST /api/v1/auth/authenticated': { status: 401, body: { message: 'Unauthenticated.' } },
      'GET /api/v1/session': { status: 401, body: { message: 'Unauthenticated.' } },
    });
    for (const call of firstCalls('/dashboard', '')) startEarly(call.method, call.path);
    // Not in yet: nothing confirmed.
    confirmFromEarlyAnswers();
    expect(isVerified('tok')).toBe(false);
    await answered();
    confirmFromEarlyAnswers();
    expect(isVerified('tok')).toBe(false);
    expect(authStore.get().access_token).toBe('tok');
    // Refused: not confirmed here; the guard's check asks the API itself and signs out.
    expect(await verifySession()).toBe(false);
    expect(authStore.get().access_token).toBeNull();
    expect(calls.filter((c) => c.url === '/api/v1/auth/authenticated')).toHaveLength(2);
  });
});
