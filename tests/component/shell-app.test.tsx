// The real App at /dashboard with a stubbed API: route guard, AdminContext under /dashboard,
// layout and dashboard together.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, uiStore } from '../../providers/store';
import { expectedNav, freshPage, location, makeUser, renderApp, sessionApi, signIn } from './shell-harness';

describe('App at /dashboard', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('confirms the session, then shows the layout and the dashboard', async () => {
    const user = makeUser({ role: 'super_admin' });
    signIn(user);
    const api = sessionApi(user);
    const { router } = renderApp('/dashboard');

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(location(router)).toBe('/dashboard');
    expect(uiStore.get().isLoadingSite).toBe(false);

    // The authenticated check and a fresh session user, once.
    expect(api.called('POST /api/v1/auth/authenticated')).toHaveLength(1);
    expect(api.called('GET /api/v1/session')).toHaveLength(1);
    // Every request went to the API of this origin (no telemetry, no font CDN).
    for (const call of api.calls) expect(call.url.startsWith('/')).toBe(true);

    const nav = screen.getByRole('menu', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(
      expectedNav(['Home', 'Users', 'Roles', 'Properties', 'Companies', 'Reports'], {
        role: 'super_admin',
        permissions: [],
      }),
    );
    expect(within(nav).getByRole('menuitem', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveTextContent('Acme Lettings');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Olympus' }))
      expect(link).toHaveAttribute('href', '/dashboard');
    // No missing translation keys on screen.
    expect(document.body.textContent).not.toMatch(/olympus\.[a-z_]+\./);
  });

  it('sends a visitor without a token to /login', async () => {
    sessionApi(makeUser());
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(location(router)).toBe('/login'), { timeout: 10_000 });
    expect(await screen.findByRole('button', { name: 'Login with Azure' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('signs out when the API no longer accepts the stored token', async () => {
    signIn(makeUser());
    sessionApi(makeUser(), {
      'POST /api/v1/auth/authenticated': { status: 401, body: { message: 'Unauthenticated' } },
    });
    const { router } = renderApp('/dashboard/users?system=Everest');
    await waitFor(() => expect(location(router)).toBe('/login?system=Everest'), { timeout: 10_000 });
    expect(authStore.get().access_token).toBeNull();
  });

  it('shows the not-found page inside the layout for an unknown admin path', async () => {
    signIn(makeUser({ role: 'super_admin' }));
    sessionApi(makeUser({ role: 'super_admin' }));
    renderApp('/dashboard/nowhere');
    expect(await screen.findByText('Sorry, this page does not exist.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
