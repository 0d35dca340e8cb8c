// The account page (/dashboard/account) through the real App: reached from the header's user name,
// the person's name and email, "Your sessions" with browser, address, times and "This session";
// signing out one session, all others, and this one (a logout); a table on wide screens and cards on
// phones. And the user edit screen's "Sessions" section: count, list and "End all sessions".
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage, location, makeUser, renderApp, sessionApi, signIn, type Handler } from './shell-harness';
import type { SessionView } from '../../contract/sessions';
import type { FormFieldGroup } from '../../contract/forms';
import { phoneScreen } from './phone-screen';

const T = { timeout: 10_000 };
const OWN = 'GET /api/v1/session/sessions';
const THIS: SessionView = {
  id: 's-this',
  browser: 'Chrome',
  os: 'Linux',
  ip: '10.0.0.1',
  signed_in_at: '2026-11-24T08:00:00Z',
  last_active_at: '2026-11-24T09:30:00Z',
  current: true,
};
const LAPTOP: SessionView = {
  id: 's-laptop',
  browser: 'Firefox',
  os: 'Windows',
  ip: '192.0.2.7',
  signed_in_at: '2026-11-23T10:00:00Z',
  last_active_at: '2026-11-23T12:00:00Z',
  current: false,
};
const ODD: SessionView = {
  id: 's-odd',
  browser: null,
  os: null,
  ip: null,
  signed_in_at: '2026-11-22T10:00:00Z',
  last_active_at: '2026-11-22T10:00:00Z',
  current: false,
};

const listOf = (...sessions: SessionView[]) => ({ status: 200, body: { data: sessions } });

function openAccount(routes: Record<string, Handler>, url = '/dashboard/account') {
  const user = makeUser({ role: 'system_user' });
  signIn(user);
  const api = sessionApi(user, routes);
  return { api, ...renderApp(url) };
}

describe('Account page', () => {
  beforeEach(freshPage);
  afterEach(() => vi.unstubAllGlobals());

  it('is reached from the header’s user name and lists the sessions, this one marked', async () => {
    const { router } = openAccount({ [OWN]: listOf(THIS, LAPTOP, ODD) }, '/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: 'Ada Lovelace' }, T));
    await waitFor(() => expect(location(router)).toBe('/dashboard/account'), T);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }, T)).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Your sessions' });
    const table = await within(section).findByRole('table', { name: 'Your sessions' }, T);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(rows[0]).getByText('This session')).toBeInTheDocument();
    expect(within(rows[0]).getByText('10.0.0.1')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Firefox on Windows')).toBeInTheDocument();
    expect(within(rows[1]).queryByText('This session')).not.toBeInTheDocument();
    expect(within(rows[2]).getByText('Unknown device')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Unknown')).toBeInTheDocument();
    for (const header of ['Device', 'Address', 'Signed in', 'Last active'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    // Each button says which session it ends.
    expect(within(rows[0]).getByRole('button', { name: 'Sign out this session (Chrome on Linux)' })).toBeEnabled();
    expect(within(rows[1]).getByRole('button', { name: 'Sign out Firefox on Windows' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeEnabled();
  });

  it('signs out one other session and shows the list again', async () => {
    let sessions = [THIS, LAPTOP];
    const { api } = openAccount({
      [OWN]: () => listOf(...sessions),
      'DELETE /api/v1/session/sessions/s-laptop': () => {
        sessions = [THIS];
        return { status: 200, body: { data: { message: 'The session has been signed out', revoked: 1 } } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox on Windows' }, T));
    expect(await screen.findByText('The session has been signed out.', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).not.toBeInTheDocument(), T);
    expect(api.called('DELETE /api/v1/session/sessions/s-laptop')).toHaveLength(1);
    expect(screen.getByText('No other sessions are signed in.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });

  it('signs out all other sessions', async () => {
    let sessions = [THIS, LAPTOP, ODD];
    const { api } = openAccount({
      [OWN]: () => listOf(...sessions),
      'POST /api/v1/session/sessions/revoke-others': () => {
        sessions = [THIS];
        return { status: 200, body: { data: { message: 'Your other sessions have been signed out', revoked: 2 } } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }, T));
    expect(await screen.findByText('Your other sessions have been signed out.', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2), T);
    expect(api.called('POST /api/v1/session/sessions/revoke-others')).toHaveLength(1);
  });

  it('signing out this session is a logout: the token goes and the browser lands on /login', async () => {
    const { api, router } = openAccount({ [OWN]: listOf(THIS, LAPTOP) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out this session (Chrome on Linux)' }, T));
    await waitFor(() => expect(location(router)).toBe('/login'), T);
    expect(api.called('POST /api/v1/auth/logout')).toHaveLength(1);
  });

  it('a session ended elsewhere (401) is sent to /login', async () => {
    const { router } = openAccount({ [OWN]: { status: 401, body: { message: 'Unauthenticated.' } } });
    await waitFor(() => expect(location(router)).toBe('/login'), T);
  });

  it('stacks each session as a card on a phone, with no table', async () => {
    phoneScreen();
    openAccount({ [OWN]: listOf(THIS, LAPTOP) });
    const list = await screen.findByRole('list', { name: 'Your sessions' }, T);
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading', { level: 3, name: 'Chrome on Linux' })).toBeInTheDocument();
    expect(within(cards[0]).getByText('This session')).toBeInTheDocument();
    expect(within(cards[1]).getByText('192.0.2.7')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // The header shows an icon link with the person's name as its accessible name.
    expect(screen.getByRole('link', { name: 'Your account: Ada Lovelace' })).toHaveAttribute(
      'href',
      '/dashboard/account',
    );
  });
});

describe('User edit: sessions', () => {
  beforeEach(freshPage);
  afterEach(() => vi.unstubAllGlobals());

  const FIELDS: FormFieldGroup[] = [
    { group: 'Details', fields: [{ name: 'name', label: 'Name', type: 'text', required: true, value: 'Bob Stone' }] },
  ];

  function openUserEdit(routes: Record<string, Handler>) {
    const admin = makeUser({ role: 'admin', permissions: ['users.*'] });
    signIn(admin);
    const api = sessionApi(admin, {
      'GET /api/v1/users/u-bob/edit': {
        status: 200,
        body: { data: { uuid: 'u-bob', id: 'u-bob', name: 'Bob Stone' }, fields: FIELDS },
      },
      ...routes,
    });
    return { api, ...renderApp('/dashboard/users/u-bob/edit') };
  }

  it('shows the count and list, and ends all sessions after confirming', async () => {
    let sessions: SessionView[] = [{ ...LAPTOP, current: false }, { ...ODD }];
    const { api } = openUserEdit({
      'GET /api/v1/users/u-bob/sessions': () => listOf(...sessions),
      'POST /api/v1/users/u-bob/sessions/revoke': () => {
        sessions = [];
        return { status: 200, body: { data: { message: 'All of the user’s sessions have been ended', revoked: 2 } } };
      },
    });
    const section = await screen.findByRole('region', { name: 'Sessions' }, T);
    expect(await within(section).findByText('2 signed-in sessions', {}, T)).toBeInTheDocument();
    expect(within(section).getByText('Firefox on Windows')).toBeInTheDocument();
    // Read-only for the administrator: no per-session buttons.
    expect(within(section).queryByRole('button', { name: /^Sign out/ })).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByText('End all sessions of Bob Stone?')).toBeInTheDocument();
    expect(api.called('POST /api/v1/users/u-bob/sessions/revoke')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('All of the user’s sessions have been ended.', {}, T)).toBeInTheDocument();
    expect(await within(section).findByText('No signed-in sessions.', {}, T)).toBeInTheDocument();
    expect(api.called('POST /api/v1/users/u-bob/sessions/revoke')).toHaveLength(1);
    expect(within(section).queryByRole('button', { name: 'End all sessions' })).not.toBeInTheDocument();
  });

  it('shows nothing when the API refuses (a super admin seen by an admin)', async () => {
    openUserEdit({
      'GET /api/v1/users/u-bob/sessions': {
        status: 403,
        body: { message: 'Only a super admin can change a super admin.' },
      },
    });
    await screen.findByRole('textbox', { name: /Name/ }, T);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('region', { name: 'Sessions' })).not.toBeInTheDocument();
  });
});
