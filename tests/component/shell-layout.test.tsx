// The shared layout through the real App: navigation filtered by role and highlighted by path,
// the company dropdown (store + reload) and the logout button (text, 750 ms redirect).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, uiStore } from '../../providers/store';
import {
  expectedNav,
  freshPage,
  location,
  makeUser,
  renderApp,
  sessionApi,
  signIn,
  stubLocation,
} from './shell-harness';

const T = { timeout: 10_000 };

/** The navigation's items; a user with none gets no sidebar at all. */
function navLabels() {
  const nav = screen.queryByRole('menu', { name: 'Main navigation' });
  return nav
    ? within(nav)
        .queryAllByRole('menuitem')
        .map((i) => i.textContent)
    : [];
}

describe('navigation', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['super_admin', [], ['Home', 'Users', 'Roles', 'Properties', 'Companies', 'Reports']],
    ['admin', [], ['Home', 'Users', 'Properties']],
    ['admin', ['reports.access'], ['Home', 'Users', 'Properties', 'Reports']],
    ['system_user', [], []],
    ['system_user', ['reports.*'], ['Reports']],
    [null, [], ['Home', 'Users', 'Roles', 'Properties', 'Companies', 'Reports']],
  ])('role %s with %j sees %j', async (role, permissions, expected) => {
    const user = makeUser({ role, permissions });
    signIn(user);
    sessionApi(user);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, T);
    const items = expectedNav(expected, role ? { role, permissions } : null);
    expect(navLabels()).toEqual(items);
    expect(screen.queryByRole('button', { name: /menu/i }) !== null).toBe(items.length > 0);
  });

  it('links to the area paths and highlights the current item by prefix, Home only on /dashboard', async () => {
    const user = makeUser({ role: 'super_admin' });
    signIn(user);
    sessionApi(user);
    const { router } = renderApp('/dashboard/users/u-2/edit');
    const nav = await screen.findByRole('menu', { name: 'Main navigation' }, T);
    const item = (name: string) => within(nav).getByRole('menuitem', { name });
    expect(
      ['Home', 'Users', 'Roles', 'Properties', 'Companies', 'Reports'].map((n) => item(n).getAttribute('href')),
    ).toEqual([
      '/dashboard',
      '/dashboard/users',
      '/dashboard/roles',
      '/dashboard/property',
      '/dashboard/company',
      '/dashboard/reports',
    ]);
    const current = () =>
      within(nav)
        .getAllByRole('menuitem')
        .filter((i) => i.getAttribute('aria-current') === 'page')
        .map((i) => i.textContent);
    expect(current()).toEqual(['Users']);

    await userEvent.click(item('Properties'));
    await waitFor(() => expect(location(router)).toBe('/dashboard/property'), T);
    expect(current()).toEqual(['Properties']);

    await userEvent.click(item('Home'));
    await waitFor(() => expect(location(router)).toBe('/dashboard'), T);
    expect(current()).toEqual(['Home']);
  });
});

describe('header', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('switches the company: stores it (the next X-Tenant) and reloads the page', async () => {
    const { reload } = stubLocation();
    const user = makeUser();
    signIn(user);
    const api = sessionApi(user);
    renderApp('/dashboard');
    const select = await screen.findByRole('combobox', { name: 'Company' }, T);
    expect(select).toHaveTextContent('Acme Lettings');
    expect(api.called('GET /api/v1/session')[0].headers['X-Tenant']).toBe('c-acme');

    fireEvent.mouseDown(select);
    await userEvent.click(
      within(await screen.findByRole('listbox', {}, T)).getByRole('option', { name: 'Beta Homes' }),
    );
    expect(authStore.get()).toMatchObject({ currentCompany: 'c-beta', currentCompanyName: 'Beta Homes' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the current company is chosen again', async () => {
    const { reload } = stubLocation();
    signIn(makeUser());
    sessionApi(makeUser());
    renderApp('/dashboard');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Company' }, T));
    await userEvent.click(
      within(await screen.findByRole('listbox', {}, T)).getByRole('option', { name: 'Acme Lettings' }),
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('logs out: "Logging out" while busy, state reset, /login after exactly 750 ms', async () => {
    signIn(makeUser());
    uiStore.set({ resultsPerPage: '30' });
    const api = sessionApi(makeUser());
    const { router, unmount } = renderApp('/dashboard');
    const button = await screen.findByRole('button', { name: 'Logout' }, T);
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, T);

    // Testing Library's waitFor waits on setTimeout: from here promises are flushed by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(button);
    expect(button).toHaveTextContent('Logging out');
    expect(button).toBeDisabled();
    for (let i = 0; i < 50 && vi.getTimerCount() === 0; i++) await act(() => vi.advanceTimersByTimeAsync(0));

    expect(api.called('POST /api/v1/auth/logout')).toHaveLength(1);
    expect(api.called('POST /api/v1/auth/logout')[0].headers.Authorization).toBe('Bearer tok-shell');
    expect(authStore.get().access_token).toBeNull();
    expect(uiStore.get().resultsPerPage).toBe('30');
    // The screen keeps its content until the redirect.
    expect(screen.getByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(749));
    expect(location(router)).toBe('/dashboard');
    await act(async () => vi.advanceTimersByTime(1));
    expect(location(router)).toBe('/login');
    unmount();
  });

  it('counts a failed logout call as logged out', async () => {
    signIn(makeUser());
    sessionApi(makeUser(), { 'POST /api/v1/auth/logout': 'network-error' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }, T));
    await waitFor(() => expect(location(router)).toBe('/login'), T);
    expect(authStore.get().access_token).toBeNull();
    expect(await screen.findByRole('button', { name: 'Login with Azure' }, T)).toBeVisible();
  });
});
