// The property, unit and role lists, and how the lists sit in the admin: registry
// routes, navigation (no link to units) and the route guard.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage, location, makeUser } from './shell-harness';
import {
  LOAD_TIMEOUT,
  firstCells,
  rowOf as row,
  listReply,
  openList,
  propertyRow,
  roleRow,
  unitRow,
  dataCells,
  dataHeaders,
} from './list-harness';

const headers = () => dataHeaders().map((h) => h.textContent);

describe('properties list', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows Name, Company, Address and Edit, the company line, and edit links to /dashboard/property/{id}/edit', async () => {
    const { api } = openList('/dashboard/property', {
      'GET /api/v1/properties': listReply([propertyRow(1, { name: 'Harbour View' }), propertyRow(2)]),
    });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    expect(screen.getByRole('heading', { level: 1, name: 'Properties' })).toBeInTheDocument();
    expect(screen.getByText('Company: Acme Lettings')).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'Company', 'Address', 'Edit']);
    expect(row('Harbour View')).toHaveTextContent('Acme Lettings');
    expect(row('Harbour View')).toHaveTextContent('1 Dock Road, Hull, HU1 2AB');
    expect(within(row('Harbour View')).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/dashboard/property/p-1/edit',
    );
    expect(screen.getByRole('link', { name: 'Create a Property' })).toHaveAttribute(
      'href',
      '/dashboard/property/create',
    );
    await waitFor(() =>
      expect(api.called('GET /api/v1/properties').map((c) => c.search)).toEqual(['?page=1&per_page=10', '']),
    );
  });
});

describe('units list', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const UNITS = [
    unitRow(1, { name: 'Flat 1', unit_type: 'Flat', bedrooms: 2, bathrooms: 1 }),
    unitRow(2, { name: 'Studio Penthouse', unit_type: 'Studio', bedrooms: 0, bathrooms: 1 }),
    unitRow(3, { name: 'Rose Cottage', unit_type: 'House', bedrooms: 3, bathrooms: 2 }),
  ];

  async function openUnits(extra: Parameters<typeof openList>[1] = {}) {
    const view = openList('/dashboard/unit', { 'GET /api/v1/units': listReply(UNITS), ...extra });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await view.loadedWhole('/api/v1/units');
    return view;
  }

  it('shows Unit Name, Unit Type, Property, Bedrooms, Bathrooms and the row actions', async () => {
    await openUnits();
    expect(headers()).toEqual(['Unit Name', 'Unit Type', 'Property', 'Bedrooms', 'Bathrooms', 'Actions']);
    const cells = dataCells(row('Rose Cottage')).map((td) => td.textContent);
    expect(cells.slice(0, 5)).toEqual(['Rose Cottage', 'House', 'Harbour View', '3', '2']);
    expect(within(row('Rose Cottage')).getByRole('link', { name: 'Edit Unit' })).toHaveAttribute(
      'href',
      '/dashboard/unit/un-3/edit',
    );
    expect(screen.getByRole('link', { name: 'Create a Unit' })).toHaveAttribute('href', '/dashboard/unit/create');
    // The unit list has no navigation link.
    const nav = screen.getByRole('menu', { name: 'Main navigation' });
    const hrefs = within(nav)
      .getAllByRole('menuitem')
      .map((i) => i.getAttribute('href'));
    expect(hrefs).toContain('/dashboard/property');
    expect(hrefs).not.toContain('/dashboard/unit');
  });

  it('hides the buttons of actions the viewer may not take (the server refuses them anyway)', async () => {
    const viewer = makeUser({ role: 'admin', permissions: ['units.view', 'units.update'] });
    const view = openList('/dashboard/unit', { 'GET /api/v1/units': listReply(UNITS) }, viewer);
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await view.loadedWhole('/api/v1/units');
    expect(within(row('Rose Cottage')).getByRole('link', { name: 'Edit Unit' })).toBeInTheDocument();
    expect(within(row('Rose Cottage')).queryByRole('button', { name: 'Remove Unit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create a Unit' })).toBeNull();
  });

  it('searches by unit type only', async () => {
    const user = userEvent.setup();
    await openUnits();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'stud');
    expect(firstCells()).toEqual(['Studio Penthouse']);
    await user.clear(search);
    // "Penthouse" is in a name, not a unit type.
    await user.type(search, 'penthouse');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm and does nothing when cancelled', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { api } = await openUnits();
    await user.click(within(row('Flat 1')).getByRole('button', { name: 'Remove Unit' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this item?');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(firstCells()).toHaveLength(3);
  });

  it('removes the row when the delete succeeds, showing "Deleting ..." meanwhile', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { api } = await openUnits({
      'DELETE /api/v1/units/un-1': async () => {
        await answered;
        return { status: 200, body: { data: { message: 'The unit has been deleted' } } };
      },
    });
    await user.click(within(row('Flat 1')).getByRole('button', { name: 'Remove Unit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deleting ...');
    release();
    await waitFor(() => expect(firstCells()).toEqual(['Studio Penthouse', 'Rose Cottage']));
    expect(screen.getByRole('alert')).toHaveTextContent('The item has been deleted.');
    // Taken out of the loaded list, not reloaded: the first page and the whole list only.
    expect(api.called('GET /api/v1/units')).toHaveLength(2);
  });

  it('keeps the row and says "Could not delete the Item" when the delete fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await openUnits({ 'DELETE /api/v1/units/un-1': { status: 500, body: { message: 'Server Error' } } });
    await user.click(within(row('Flat 1')).getByRole('button', { name: 'Remove Unit' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Could not delete the Item'));
    expect(firstCells()).toHaveLength(3);
  });
});

describe('roles list', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const ROLES = [
    roleRow('super_admin', 'Super Admin'),
    roleRow('admin', 'Admin'),
    roleRow('system_user', 'System User'),
  ];

  it('shows role labels, with neither Edit Role nor Remove Role for super_admin, and the back link to Roles', async () => {
    openList('/dashboard/roles', { 'GET /api/v1/roles': listReply(ROLES) });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    expect(firstCells()).toEqual(['Super Admin', 'Admin', 'System User']);
    expect(within(row('Super Admin')).queryByRole('link', { name: 'Edit Role' })).not.toBeInTheDocument();
    expect(within(row('Super Admin')).queryByRole('button', { name: 'Remove Role' })).not.toBeInTheDocument();
    expect(within(row('System User')).getByRole('link', { name: 'Edit Role' })).toHaveAttribute(
      'href',
      '/dashboard/roles/r-system_user/edit',
    );
    expect(within(row('System User')).getByRole('button', { name: 'Remove Role' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Roles' })).toHaveAttribute('href', '/dashboard/roles');
    expect(screen.getByRole('link', { name: 'Create a Role' })).toHaveAttribute('href', '/dashboard/roles/create');
    expect(screen.queryByText(/^Company: /)).not.toBeInTheDocument();
  });

  it('confirms a removal and says "Could not delete the Item" when it fails', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = openList('/dashboard/roles', {
      'GET /api/v1/roles': listReply(ROLES),
      'DELETE /api/v1/roles/r-admin': { status: 409, body: { message: 'The role is still assigned' } },
    });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await user.click(within(row('Admin')).getByRole('button', { name: 'Remove Role' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this item?');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Could not delete the Item'));
    expect(api.called('DELETE /api/v1/roles/r-admin')).toHaveLength(1);
    expect(firstCells()).toEqual(['Super Admin', 'Admin', 'System User']);
  });
});

describe('lists and access', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('highlights the navigation item of the list', async () => {
    openList('/dashboard/property', { 'GET /api/v1/properties': listReply([]) });
    const nav = await screen.findByRole('menu', { name: 'Main navigation' }, LOAD_TIMEOUT);
    expect(within(nav).getByRole('menuitem', { name: 'Properties' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No Properties found')).toBeInTheDocument();
  });

  it.each(['/dashboard/users', '/dashboard/company', '/dashboard/property', '/dashboard/unit', '/dashboard/roles'])(
    'bars system_user from %s',
    async (url) => {
      const { router, api } = openList(url, {}, makeUser({ role: 'system_user' }));
      await waitFor(() => expect(location(router)).toBe('/dashboard'), LOAD_TIMEOUT);
      expect(
        api.calls.filter((c) => c.path !== '/api/v1/session' && c.path !== '/api/v1/auth/authenticated'),
      ).toHaveLength(0);
    },
  );

  it('bars admin from companies and roles but not from users', async () => {
    const admin = makeUser({ role: 'admin' });
    const { router, unmount } = openList('/dashboard/company', {}, admin);
    await waitFor(() => expect(location(router)).toBe('/dashboard'), LOAD_TIMEOUT);
    unmount();
    const second = openList('/dashboard/users', { 'GET /api/v1/users': listReply([]) }, admin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' }, LOAD_TIMEOUT)).toBeInTheDocument();
    expect(location(second.router)).toBe('/dashboard/users');
  });
});
