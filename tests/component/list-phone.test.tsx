// Below 600 px every list screen shows one card per record (title, the key columns as label/value lines,
// the row's actions with the table's accessible names) instead of the table; the related-record tables of
// company and property edit do the same. Also: ?page=1 opened directly loses the parameter (page 1 is omitted from the
// URL).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PropertyUnits } from '../../resources/properties/PropertyUnits';
import { renderScreens } from './form-test-utils';
import { LOAD_TIMEOUT, listReply, openList, roleRow, unitRow, userRow, users } from './list-harness';
import { freshPage, location } from './shell-harness';
import { phoneScreen } from './phone-screen';

const ADA = userRow(1, {
  name: 'Ada Lovelace',
  email: 'ada@math.org',
  systems: [{ uuid: 's-everest', name: 'Everest', description: null }],
  roles: [{ uuid: 'r-ev', name: 'manager', label: 'Lettings Manager', system: 'Everest' }],
});
const GRACE = {
  ...userRow(2, { name: 'Grace Hopper', email: 'grace@navy.mil' }),
  status: 'invited',
  last_login_at: null,
};

/** The card list of the screen (a list named after the page title) and its cards. */
async function cards(name: string) {
  const list = await screen.findByRole('list', { name }, LOAD_TIMEOUT);
  return within(list).getAllByRole('listitem');
}

/** The card's label/value lines as "label: value". */
const lines = (card: HTMLElement) =>
  Array.from(card.querySelectorAll('dt')).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent ?? ''}`);

describe('list screens on a phone', () => {
  beforeEach(() => {
    freshPage();
    phoneScreen();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('users: one card per user with the name as title, email and pills as lines, Edit User and Remove User', async () => {
    openList('/dashboard/users', { 'GET /api/v1/users': listReply([ADA, GRACE]) });
    const [ada, grace] = await cards('Users');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(ada).getByRole('heading', { level: 2 })).toHaveTextContent('Ada Lovelace');
    expect(lines(ada)).toEqual([
      'Email: ada@math.org',
      'System Access: Everest',
      'System Roles: Lettings Manager',
      'Last sign-in: Never',
    ]);
    // A user without systems or roles shows no empty lines; one who never signed in says so.
    expect(lines(grace)).toEqual(['Email: grace@navy.mil', 'Status: Invited', 'Last sign-in: Never']);
    expect(within(ada).getByRole('link', { name: 'Edit User' })).toHaveAttribute('href', '/dashboard/users/u-1/edit');
    expect(within(ada).getByRole('button', { name: 'Remove User' })).toBeEnabled();
    // The page's other controls stay: search, export, create.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a User' })).toBeInTheDocument();
  });

  it('keeps the actions keyboard reachable: Tab reaches a card’s edit link, then its remove button', async () => {
    openList('/dashboard/users', { 'GET /api/v1/users': listReply([ADA]) });
    const [ada] = await cards('Users');
    const edit = within(ada).getByRole('link', { name: 'Edit User' });
    edit.focus();
    expect(edit).toHaveFocus();
    await userEvent.tab();
    expect(within(ada).getByRole('button', { name: 'Remove User' })).toHaveFocus();
  });

  it('units: the unit name as title, type, property, bedrooms and bathrooms, Edit Unit and Remove Unit', async () => {
    openList('/dashboard/unit', {
      'GET /api/v1/units': listReply([unitRow(1, { name: 'Flat 1', bedrooms: 3, bathrooms: 2 })]),
    });
    const [card] = await cards('Units');
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Flat 1');
    expect(lines(card)).toEqual(['Unit Type: Flat', 'Property: Harbour View', 'Bedrooms: 3', 'Bathrooms: 2']);
    expect(within(card).getByRole('link', { name: 'Edit Unit' })).toHaveAttribute('href', '/dashboard/unit/un-1/edit');
    expect(within(card).getByRole('button', { name: 'Remove Unit' })).toBeInTheDocument();
  });

  it('roles: no Edit Role or Remove Role on the super_admin card', async () => {
    openList('/dashboard/roles', {
      'GET /api/v1/roles': listReply([roleRow('super_admin', 'Super Admin'), roleRow('admin', 'Admin')]),
    });
    const [superAdmin, admin] = await cards('Roles');
    expect(within(superAdmin).queryByRole('link')).not.toBeInTheDocument();
    expect(within(superAdmin).queryByRole('button')).not.toBeInTheDocument();
    expect(within(admin).getByRole('link', { name: 'Edit Role' })).toHaveAttribute(
      'href',
      '/dashboard/roles/r-admin/edit',
    );
    expect(within(admin).getByRole('button', { name: 'Remove Role' })).toBeInTheDocument();
  });

  it('pages the cards like the table: 10 per page, the page links below', async () => {
    openList('/dashboard/users?page=2', { 'GET /api/v1/users': listReply(users(12)) });
    await waitFor(
      async () =>
        expect((await cards('Users')).map((c) => within(c).getByRole('heading').textContent)).toEqual([
          'User 11',
          'User 12',
        ]),
      LOAD_TIMEOUT,
    );
    expect(screen.getByRole('link', { name: 'Go to page 1' })).toBeInTheDocument();
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
  });

  it('a property’s units on its edit screen are cards too, each with its Edit link', async () => {
    renderScreens(
      { '/p': <PropertyUnits units={[{ uuid: 'un-7', unit_ref: 'U7', unit_type: 'Flat', unit_status: 'Let' }]} /> },
      '/p',
    );
    const [card] = await cards('Units');
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('U7');
    expect(lines(card)).toEqual(['Type: Flat', 'Status: Let']);
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/unit/un-7/edit');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('list screens on a wider screen', () => {
  beforeEach(freshPage);
  afterEach(() => vi.unstubAllGlobals());

  it('keep the table (jsdom has no matchMedia: no media query matches)', async () => {
    openList('/dashboard/users', { 'GET /api/v1/users': listReply([ADA]) });
    expect(await screen.findByRole('table', {}, LOAD_TIMEOUT)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
  });
});

describe('page 1 in the address', () => {
  beforeEach(freshPage);

  it('?page=1 opened directly is dropped from the URL, replacing the history entry', async () => {
    const { router } = openList('/dashboard/users?page=1', { 'GET /api/v1/users': listReply(users(12)) });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await waitFor(() => expect(location(router)).toBe('/dashboard/users'), LOAD_TIMEOUT);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps a real page number, and drops a page that reads as 1 (?page=0)', async () => {
    const two = openList('/dashboard/users?page=2', { 'GET /api/v1/users': listReply(users(12)) });
    await screen.findByText('11–12 of 12', {}, LOAD_TIMEOUT);
    expect(location(two.router)).toBe('/dashboard/users?page=2');
    expect(two.router.state.historyAction).toBe('POP');
    two.unmount();
    const zero = openList('/dashboard/users?page=0', { 'GET /api/v1/users': listReply(users(12)) });
    await waitFor(() => expect(location(zero.router)).toBe('/dashboard/users'), LOAD_TIMEOUT);
  });
});
