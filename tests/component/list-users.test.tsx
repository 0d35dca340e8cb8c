// The users' list: columns and pills, search by name or email, "View All Users" for super_admin,
// the remove dialogs and both outcomes, edit links.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage, makeUser, type ApiCall } from './shell-harness';
import {
  LOAD_TIMEOUT,
  firstCells,
  listCalls,
  listParams,
  listReply,
  rowOf as row,
  openList,
  userRow,
} from './list-harness';

const ADA = userRow(1, {
  name: 'Ada Lovelace',
  email: 'ada@math.org',
  systems: [
    { uuid: 's-everest', name: 'Everest', description: null },
    { uuid: 's-portal', name: 'Portal', description: null },
  ],
  roles: [
    { uuid: 'r-ev', name: 'manager', label: 'Lettings Manager', system: 'Everest' },
    { uuid: 'r-ol', name: 'admin', label: 'Admin', system: 'Olympus' },
  ],
});
// The list's state columns (contract/types.ts User) ride along with the session user's shape.
Object.assign(ADA, { status: 'invited', last_login_at: null });
const GRACE = {
  ...userRow(2, { name: 'Grace Hopper', email: 'grace@navy.mil' }),
  status: 'locked',
  last_login_at: '2026-03-04T10:00:00.000Z',
};
const ALAN = userRow(3, { name: 'Alan Turing', email: 'alan@bletchley.uk' });
const OTHER = userRow(4, { name: 'Zed Elsewhere', email: 'zed@beta.test' });

const listUsers = listReply((call: ApiCall) =>
  listParams(call).all === 'true' ? [ADA, GRACE, ALAN, OTHER] : [ADA, GRACE, ALAN],
);

async function openUsers(routes: Parameters<typeof openList>[1] = {}, viewer = makeUser({ role: 'super_admin' })) {
  const view = openList('/dashboard/users', { 'GET /api/v1/users': listUsers, ...routes }, viewer);
  await screen.findByRole('table', {}, LOAD_TIMEOUT);
  await view.loadedWhole('/api/v1/users');
  return view;
}

describe('users list', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the columns, system and role pills, the company line and the create and edit links', async () => {
    await openUsers();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Company: Acme Lettings')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'System Access', 'System Roles', 'Status', 'Last sign-in', 'Actions']);
    const ada = row('Ada Lovelace');
    expect(ada).toHaveTextContent('ada@math.org');
    const pills = Array.from(ada.querySelectorAll('.MuiChip-root')).map((c) => c.textContent);
    expect(pills).toEqual(['Everest', 'Portal', 'Lettings Manager', 'Admin', 'Invited']);
    // The status is a word, not a colour alone; a user who never signed in says so.
    expect(ada).toHaveTextContent('Never');
    const grace = row('Grace Hopper');
    expect(within(grace).getByText('Locked')).toBeInTheDocument();
    expect(grace.querySelector('time')).toHaveAttribute('dateTime', '2026-03-04T10:00:00.000Z');
    expect(grace.querySelector('time')?.textContent).toMatch(/2026/);
    expect(within(ada).getByRole('link', { name: 'Edit User' })).toHaveAttribute('href', '/dashboard/users/u-1/edit');
    expect(within(ada).getByRole('button', { name: 'Remove User' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a User' })).toHaveAttribute('href', '/dashboard/users/create');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search Users');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/dashboard');
  });

  it('searches by name or email, case-insensitive substring, and nothing else', async () => {
    const user = userEvent.setup();
    await openUsers();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'NAVY');
    expect(firstCells()).toEqual(['Grace Hopper']);
    await user.clear(search);
    await user.type(search, 'tUrI');
    expect(firstCells()).toEqual(['Alan Turing']);
    await user.clear(search);
    await user.type(search, 'a');
    expect(firstCells()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    await user.clear(search);
    // A system name is not searched.
    await user.type(search, 'everest');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers "View All Users" to super_admin, loading GET /users?all=true', async () => {
    const user = userEvent.setup();
    const { api } = await openUsers();
    expect(firstCells()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    await user.click(screen.getByRole('button', { name: 'View All Users' }));
    await waitFor(() => expect(firstCells()).toContain('Zed Elsewhere'));
    // Each list: its first page, then (small) the whole list.
    await waitFor(() =>
      expect(api.called('GET /api/v1/users').map((c) => c.search)).toEqual([
        '?page=1&per_page=10',
        '',
        '?all=true&page=1&per_page=10',
        '?all=true',
      ]),
    );
    // Every company's users: no "Company:" line; the button goes back.
    expect(screen.queryByText('Company: Acme Lettings')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Company Users' }));
    await waitFor(() => expect(firstCells()).not.toContain('Zed Elsewhere'));
    expect(screen.getByText('Company: Acme Lettings')).toBeInTheDocument();
  });

  it('does not offer "View All Users" to an admin', async () => {
    const { api } = await openUsers({}, makeUser({ role: 'admin' }));
    expect(screen.queryByRole('button', { name: 'View All Users' })).not.toBeInTheDocument();
    expect(listCalls(api, '/api/v1/users').every((c) => c.all === null)).toBe(true);
  });

  it('asks before removing a user, and keeps them on "No, keep the user"', async () => {
    const user = userEvent.setup();
    const { api } = await openUsers();
    await user.click(within(row('Grace Hopper')).getByRole('button', { name: 'Remove User' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('You will not be able to recover this user');
    expect(within(dialog).getByRole('button', { name: 'Yes, delete the user' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No, keep the user' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(firstCells()).toContain('Grace Hopper');
  });

  it('removes the user on "Yes, delete the user" and says "Deleted!"', async () => {
    const user = userEvent.setup();
    const { api } = await openUsers({
      'DELETE /api/v1/users/u-2': { status: 200, body: { data: { message: 'The user has been deleted' } } },
    });
    await user.click(within(row('Grace Hopper')).getByRole('button', { name: 'Remove User' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete the user' }));

    const done = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(done).toHaveTextContent('The user has been deleted.');
    expect(firstCells()).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(api.called('DELETE /api/v1/users/u-2')).toHaveLength(1);
    // Taken out of the loaded list, not reloaded.
    expect(api.called('GET /api/v1/users')).toHaveLength(2);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an "Error" dialog with the server message when removal fails, and keeps the user', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openUsers({ 'DELETE /api/v1/users/u-1': { status: 409, body: { message: 'You cannot delete yourself' } } });
    await user.click(within(row('Ada Lovelace')).getByRole('button', { name: 'Remove User' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete the user' }));

    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('You cannot delete yourself');
    expect(firstCells()).toContain('Ada Lovelace');
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(row('Ada Lovelace')).getByRole('button', { name: 'Remove User' })).toBeEnabled();
  });
});
