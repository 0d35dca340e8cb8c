// The route guard, through the real App: loading state, guest and login routes, role checks,
// and the ?system= hand-off.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, uiStore } from '../../providers/store';
import {
  EVEREST,
  freshPage,
  location,
  makeUser,
  renderApp,
  sessionApi,
  signIn,
  stubLocation,
  type Reply,
} from './shell-harness';

const T = { timeout: 10_000 };

/** Flush promises (and zero-delay timers) under fake timers until `done` holds. */
async function settle(done: () => boolean) {
  for (let i = 0; i < 50 && !done(); i++) await act(() => vi.advanceTimersByTimeAsync(0));
  expect(done()).toBe(true);
}
const REDIRECT = 'GET /api/v1/systems/s-everest/redirect';

describe('route guard', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the loading screen while the check runs', async () => {
    signIn(makeUser());
    let answer!: (r: Reply) => void;
    sessionApi(makeUser(), { 'POST /api/v1/auth/authenticated': () => new Promise<Reply>((r) => (answer = r)) });
    renderApp('/dashboard');
    const status = await screen.findByRole('status', {}, T);
    expect(status).toBeInTheDocument();
    expect(uiStore.get().isLoadingSite).toBe(true);
    expect(screen.queryByRole('heading', { name: /Welcome/ })).not.toBeInTheDocument();
    await act(async () => answer({ status: 200, body: { data: { authenticated: true } } }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, T)).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends a logged-in user on a guest route to the dashboard', async () => {
    signIn(makeUser());
    sessionApi(makeUser());
    for (const guest of ['/login', '/login-form']) {
      const { router, unmount } = renderApp(guest);
      await waitFor(() => expect(location(router)).toBe('/dashboard'), T);
      expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, T)).toBeInTheDocument();
      unmount();
    }
  });

  it('shows guest routes to visitors', async () => {
    stubLocation();
    const api = sessionApi(makeUser());
    const { router } = renderApp('/login-form');
    expect(await screen.findByRole('heading', { name: 'Login to Olympus' }, T)).toBeVisible();
    expect(location(router)).toBe('/login-form');
    expect(api.calls.filter((c) => c.path.startsWith('/api/'))).toEqual([]);
  });

  it('sends a visitor on a login route to /login, carrying ?system', async () => {
    sessionApi(makeUser());
    const { router } = renderApp('/dashboard/users?system=Everest');
    await waitFor(() => expect(location(router)).toBe('/login?system=Everest'), T);
    expect(await screen.findByRole('button', { name: 'Login with Azure' }, T)).toBeVisible();
  });

  it('requires a login for any other path', async () => {
    sessionApi(makeUser());
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(location(router)).toBe('/login'), T);
  });

  it('shows the not-found page on any other path once logged in', async () => {
    signIn(makeUser());
    sessionApi(makeUser());
    renderApp('/no/such/page');
    // The page renders hidden while the token is checked, then shows.
    await waitFor(() => expect(screen.getByText('Sorry, this page does not exist.')).toBeVisible(), T);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('sends a user failing the role check to the dashboard', async () => {
    const admin = makeUser({ role: 'admin' });
    signIn(admin);
    sessionApi(admin);
    const { router } = renderApp('/dashboard/roles');
    await waitFor(() => expect(location(router)).toBe('/dashboard'), T);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, T)).toBeInTheDocument();
  });

  it('sends a system_user away from the users routes, and away from reports without the permission', async () => {
    const staff = makeUser({ role: 'system_user' });
    signIn(staff);
    sessionApi(staff);
    const { router } = renderApp('/dashboard/users/u-2/edit');
    await waitFor(() => expect(location(router)).toBe('/dashboard'), T);
    await act(() => router.navigate('/dashboard/reports'));
    await waitFor(() => expect(location(router)).toBe('/dashboard'), T);
  });

  it('hands a logged-in user asking for a system over to it, with the redirect message', async () => {
    const { assign } = stubLocation();
    signIn(makeUser());
    let answer!: (r: Reply) => void;
    const api = sessionApi(makeUser(), { [REDIRECT]: () => new Promise<Reply>((r) => (answer = r)) });
    renderApp('/login?system=everest');
    expect(await screen.findByText('Redirecting to everest...', {}, T)).toBeVisible();
    await act(async () =>
      answer({ status: 200, body: { data: { url: 'https://everest.example/handoff?token=abc' } } }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://everest.example/handoff?token=abc'), T);
    expect(api.called(REDIRECT)[0].search).toBe('?tenant=c-acme');
    expect(screen.getByText('Redirecting to everest...')).toBeVisible();
  });

  // The fallback delay runs on fake timers, installed once the page is up (React's Suspense throttling
  // also uses setTimeout); the test then checks the address only. Testing Library's waitFor/findBy
  // wait on setTimeout, so with fake timers the test settles by flushing promises itself.
  it("goes to the dashboard after 1 s when the system is not one of the user's", async () => {
    const { assign } = stubLocation();
    signIn(makeUser({ systems: [EVEREST] }));
    let answer!: (r: Reply) => void;
    const api = sessionApi(makeUser({ systems: [EVEREST] }), {
      'POST /api/v1/auth/authenticated': () => new Promise<Reply>((r) => (answer = r)),
    });
    const { router, unmount } = renderApp('/dashboard?system=Atlantis');
    await screen.findByRole('status', {}, T);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => answer({ status: 200, body: { data: { authenticated: true } } }));
    await settle(() => screen.queryByText('Redirecting to Atlantis...') !== null && vi.getTimerCount() > 0);
    expect(screen.getByText('Redirecting to Atlantis...')).toBeVisible();
    await act(async () => vi.advanceTimersByTime(999));
    expect(location(router)).toBe('/dashboard?system=Atlantis');
    await act(async () => vi.advanceTimersByTime(1));
    expect(location(router)).toBe('/dashboard');
    expect(assign).not.toHaveBeenCalled();
    expect(api.calls.some((c) => c.path.includes('/systems/'))).toBe(false);
    unmount();
  });

  it('goes to the dashboard after 1 s when no URL returns', async () => {
    const { assign } = stubLocation();
    signIn(makeUser());
    let answer!: (r: Reply) => void;
    sessionApi(makeUser(), { [REDIRECT]: () => new Promise<Reply>((r) => (answer = r)) });
    const { router, unmount } = renderApp('/dashboard?system=Everest');
    expect(await screen.findByText('Redirecting to Everest...', {}, T)).toBeVisible();
    await waitFor(() => expect(answer).toBeTypeOf('function'), T);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => answer({ status: 403, body: { message: 'No access to Everest' } }));
    await settle(() => vi.getTimerCount() > 0);
    await act(async () => vi.advanceTimersByTime(999));
    expect(location(router)).toBe('/dashboard?system=Everest');
    await act(async () => vi.advanceTimersByTime(1));
    expect(location(router)).toBe('/dashboard');
    expect(assign).not.toHaveBeenCalled();
    unmount();
  });

  it('does not hand off a visitor: ?system goes along to the login screen', async () => {
    const api = sessionApi(makeUser());
    const { router } = renderApp('/login?system=Everest');
    expect(await screen.findByRole('button', { name: 'Login with Azure' }, T)).toBeVisible();
    expect(location(router)).toBe('/login?system=Everest');
    expect(api.calls.some((c) => c.path.includes('/systems/'))).toBe(false);
    expect(authStore.get().access_token).toBeNull();
  });
});

// Before the first row a list used to wait for the check, then the session, then its code,
// then its own request. Now the view the stored session may open renders hidden behind the loading
// screen while the check runs, and the session is read alongside the check.
describe('route guard: no waterfall before the first row', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const units = {
    status: 200,
    body: { data: [{ uuid: 'un-1', name: 'Flat 1', unit_type: 'Flat' }], meta: { total: 1, page: 1, per_page: 10 } },
  };

  it('asks for the list and the session while the check runs, and shows the list only once it passes', async () => {
    signIn(makeUser({ role: 'super_admin' }));
    let answer!: (r: Reply) => void;
    const api = sessionApi(makeUser({ role: 'super_admin' }), {
      'POST /api/v1/auth/authenticated': () => new Promise<Reply>((r) => (answer = r)),
      'GET /api/v1/units': units,
    });
    renderApp('/dashboard/unit');
    await waitFor(() => expect(api.called('GET /api/v1/units')).not.toHaveLength(0), T);
    expect(api.called('GET /api/v1/session')).toHaveLength(1);
    expect(screen.getByRole('status')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await act(async () => answer({ status: 200, body: { data: { authenticated: true } } }));
    await waitFor(() => expect(screen.getByRole('table')).toBeVisible(), T);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('still signs out on a failed check, ignoring the session read alongside it', async () => {
    signIn(makeUser({ role: 'super_admin', name: 'Stored Name' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = sessionApi(makeUser({ role: 'super_admin', name: 'Fresh Name' }), {
      'POST /api/v1/auth/authenticated': { status: 401, body: { message: 'Unauthenticated.' } },
      'GET /api/v1/units': { status: 401, body: { message: 'Unauthenticated.' } },
    });
    const { router } = renderApp('/dashboard/unit');
    await waitFor(() => expect(location(router)).toBe('/login'), T);
    expect(authStore.get()).toMatchObject({ access_token: null, user: null });
    expect(api.called('POST /api/v1/auth/authenticated')).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reloads the page when the session moves the user off the stored company the hidden view loaded for', async () => {
    const { reload } = stubLocation();
    signIn(makeUser({ role: 'super_admin' }));
    authStore.set({ currentCompany: 'c-gone', currentCompanyName: 'Gone Ltd' });
    sessionApi(makeUser({ role: 'super_admin' }), { 'GET /api/v1/units': units });
    renderApp('/dashboard/unit');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), T);
    expect(authStore.get()).toMatchObject({ currentCompany: 'c-acme', currentCompanyName: 'Acme Lettings' });
  });
});
