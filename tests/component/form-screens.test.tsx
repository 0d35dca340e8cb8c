// The create and edit screens on a stubbed API: addresses, calls, the "{message}.
// Redirecting..." then list after 1 s, the failure line of each resource, and the company
// and property edit extras (integration links, Properties and Units tables).
import type { ReactElement } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormFieldGroup } from '../../contract/forms';
import { authStore } from '../../providers/store';
import company from '../../resources/companies';
import { openInCompany } from '../../resources/companies/CompanyProperties';
import property from '../../resources/properties';
import roles from '../../resources/roles';
import unit from '../../resources/units';
import users from '../../resources/users';
import { currentUrl, fakeDelays, renderScreens, signedIn, stubApi, type Handler } from './form-test-utils';

const { create: RoleCreate, edit: RoleEdit } = roles;
const { create: UserCreate, edit: UserEdit } = users;

// The generated screens of the declared resources (src/declared/declared.tsx).
const { create: CompanyCreate, edit: CompanyEdit } = company;
const { create: PropertyCreate, edit: PropertyEdit } = property;
const { create: UnitCreate, edit: UnitEdit } = unit;

const NAME_ONLY: FormFieldGroup[] = [
  { group: 'Details', fields: [{ name: 'name', label: 'Name', type: 'text', required: true, value: 'Existing' }] },
];
const form = (data: Record<string, unknown> = {}) => ({ status: 200, body: { data, fields: NAME_ONLY } });

interface Case {
  entity: string;
  /** SPA resource path and API path. */
  spa: string;
  api: string;
  Create: () => ReactElement;
  Edit: () => ReactElement;
  titles: [string, string];
  buttons: [string, string];
  failures: [string, string];
  companyLine: boolean;
}

const CASES: Case[] = [
  {
    entity: 'user',
    spa: 'users',
    api: 'users',
    Create: UserCreate,
    Edit: UserEdit,
    titles: ['Create a User', 'Edit User'],
    buttons: ['Create User', 'Update User'],
    failures: ['Could not create the user', 'Could not update the user'],
    companyLine: true,
  },
  {
    entity: 'company',
    spa: 'company',
    api: 'companies',
    Create: CompanyCreate,
    Edit: CompanyEdit,
    titles: ['Create a Company', 'Edit Company'],
    buttons: ['Create Company', 'Update Company'],
    failures: ['Could not create the company', 'Could not update the company'],
    companyLine: false,
  },
  {
    entity: 'property',
    spa: 'property',
    api: 'properties',
    Create: PropertyCreate,
    Edit: PropertyEdit,
    titles: ['Create a Property', 'Edit Property'],
    buttons: ['Create Property', 'Update Property'],
    failures: ['Could not create the property', 'Could not update the property'],
    companyLine: true,
  },
  {
    entity: 'unit',
    spa: 'unit',
    api: 'units',
    Create: UnitCreate,
    Edit: UnitEdit,
    titles: ['Create a Unit', 'Edit Unit'],
    buttons: ['Create Unit', 'Update Unit'],
    failures: ['Could not create the unit', 'Could not update the unit'],
    companyLine: true,
  },
];

function openCreate(c: Case, routes: Record<string, Handler>) {
  const api = stubApi({ [`GET /api/v1/${c.api}/create`]: form(), ...routes });
  renderScreens({ [`/dashboard/${c.spa}/create`]: <c.Create /> }, `/dashboard/${c.spa}/create`);
  return { api, user: userEvent.setup({ delay: null }) };
}

function openEdit(c: Case, routes: Record<string, Handler>, id = 'r-1', url = `/dashboard/${c.spa}/${id}/edit`) {
  const api = stubApi({
    [`GET /api/v1/${c.api}/${id}/edit`]: form({ uuid: id, id, name: 'Existing' }),
    'GET /api/v1/company/r-1/integrations': { status: 200, body: { data: { integrations: [] } } },
    ...routes,
  });
  renderScreens({ [`/dashboard/${c.spa}/:id/*`]: <c.Edit /> }, url);
  return { api, user: userEvent.setup({ delay: null }) };
}

const mutations = (api: ReturnType<typeof stubApi>) => api.apiCalls().filter((c) => c.method !== 'GET');

describe.each(CASES)('$entity create and edit', (c) => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it(`creates at /dashboard/${c.spa}/create: POST /api/v1/${c.api}, message, the list 1 s later`, async () => {
    const { api, user } = openCreate(c, {
      [`POST /api/v1/${c.api}`]: {
        status: 201,
        body: { data: { message: `The ${c.entity} has been created`, uuid: 'new' } },
      },
    });
    // The screen's code loads when it first opens (docs/speed.md "The first screen").
    expect(await screen.findByRole('heading', { level: 1, name: c.titles[0] })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Back to / })).toHaveAttribute('href', `/dashboard/${c.spa}`);
    expect(screen.queryByText('Company: Acme Lettings') !== null).toBe(c.companyLine);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Fresh');
    fakeDelays();
    await user.click(screen.getByRole('button', { name: c.buttons[0] }));
    expect(await screen.findByText(`The ${c.entity} has been created. Redirecting...`)).toBeInTheDocument();
    expect(mutations(api)).toEqual([
      expect.objectContaining({ method: 'POST', path: `/api/v1/${c.api}`, body: { name: 'Fresh' } }),
    ]);
    act(() => vi.advanceTimersByTime(999));
    expect(currentUrl()).toBe(`/dashboard/${c.spa}/create`);
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe(`/dashboard/${c.spa}`);
  });

  it(`edits at /dashboard/${c.spa}/{id}/edit: PUT /api/v1/${c.api}/{id}, message, the list 1 s later`, async () => {
    const { api, user } = openEdit(c, {
      [`PUT /api/v1/${c.api}/r-1`]: {
        status: 200,
        body: { data: { message: `The ${c.entity} has been updated`, uuid: 'r-1' } },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: c.titles[1] })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Existing');
    fakeDelays();
    await user.click(screen.getByRole('button', { name: c.buttons[1] }));
    expect(await screen.findByText(`The ${c.entity} has been updated. Redirecting...`)).toBeInTheDocument();
    expect(mutations(api)).toEqual([
      expect.objectContaining({ method: 'PUT', path: `/api/v1/${c.api}/r-1`, body: { name: 'Existing' } }),
    ]);
    act(() => vi.advanceTimersByTime(1000));
    expect(currentUrl()).toBe(`/dashboard/${c.spa}`);
  });

  it(`says "${c.failures[0]}" when the create fails`, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = openCreate(c, {
      [`POST /api/v1/${c.api}`]: {
        status: 422,
        body: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } },
      },
    });
    await user.click(await screen.findByRole('button', { name: c.buttons[0] }));
    expect(await screen.findByText(c.failures[0])).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('The name field is required.');
  });

  it(`says "${c.failures[1]}" when the update fails`, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = openEdit(c, {
      [`PUT /api/v1/${c.api}/r-1`]: { status: 409, body: { message: 'This record is in use.' } },
    });
    await user.click(await screen.findByRole('button', { name: c.buttons[1] }));
    // The resource's failure line, then the server's reason, since no field carries it.
    expect(await screen.findByText(`${c.failures[1]}. This record is in use.`)).toBeInTheDocument();
    expect(currentUrl()).toBe(`/dashboard/${c.spa}/r-1/edit`);
  });

  it('sends /{id} on to the canonical /{id}/edit address', async () => {
    openEdit(c, {}, 'r-1', `/dashboard/${c.spa}/r-1`);
    await waitFor(() => expect(currentUrl()).toBe(`/dashboard/${c.spa}/r-1/edit`));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Existing');
  });
});

describe('role create and update failures', () => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says "Could not create the role"', async () => {
    stubApi({
      'GET /api/v1/roles/create': form(),
      'POST /api/v1/roles': { status: 422, body: { message: 'Invalid' } },
    });
    renderScreens({ '/dashboard/roles/create': <RoleCreate /> }, '/dashboard/roles/create');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Create Role' }));
    expect(await screen.findByText('Could not create the role. Invalid.')).toBeInTheDocument();
  });

  it('says "Could not update the role"', async () => {
    stubApi({
      'GET /api/v1/roles/r-2': {
        status: 200,
        body: { data: { uuid: 'r-2', id: 'r-2', name: 'admin', label: 'Admin', permissions: [] } },
      },
      'GET /api/v1/permissions': { status: 200, body: { data: [] } },
      'PUT /api/v1/roles/r-2': { status: 422, body: { message: 'Invalid' } },
    });
    renderScreens({ '/dashboard/roles/:id/*': <RoleEdit /> }, '/dashboard/roles/r-2/edit');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Update Role' }));
    expect(await screen.findByText('Could not update the role. Invalid.')).toBeInTheDocument();
  });
});

describe('company edit extras', () => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('links each integration to its edit screen and lists the Properties with Edit links', async () => {
    const properties = [
      { uuid: 'p-1', id: 'p-1', name: 'Harbour View', city: 'Leeds', postcode: 'LS1 4AP' },
      { uuid: 'p-2', id: 'p-2', name: 'Mill House', city: 'York', postcode: 'YO1 7HH' },
    ];
    const api = stubApi({
      'GET /api/v1/companies/c-7/edit': {
        status: 200,
        body: { data: { uuid: 'c-7', id: 'c-7', name: 'Acme', properties }, fields: NAME_ONLY },
      },
      'GET /api/v1/company/c-7/integrations': {
        status: 200,
        body: {
          data: {
            integrations: [
              { value: 'accounting', label: 'Accounting (Xero)' },
              { value: 'portal-feed', label: 'Property portal feed (Rightmove)' },
            ],
          },
        },
      },
    });
    renderScreens({ '/dashboard/company/:id/*': <CompanyEdit /> }, '/dashboard/company/c-7/edit');

    const integrations = await screen.findByRole('region', { name: 'Integrations' });
    expect(await within(integrations).findByRole('link', { name: 'Accounting (Xero)' })).toHaveAttribute(
      'href',
      '/dashboard/companies/c-7/integrations/accounting/edit',
    );
    expect(within(integrations).getByRole('link', { name: 'Property portal feed (Rightmove)' })).toHaveAttribute(
      'href',
      '/dashboard/companies/c-7/integrations/portal-feed/edit',
    );
    expect(api.apiCalls().map((c) => c.path)).toContain('/api/v1/company/c-7/integrations');

    const table = within(screen.getByRole('region', { name: 'Properties' })).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Property Name', 'City', 'Postcode', '']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Harbour View', 'Leeds', 'LS1 4AP', 'Edit']);
    expect(within(rows[1]).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/property/p-1/edit');
    expect(within(rows[2]).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/property/p-2/edit');
  });

  it('opens a property of another company than the current one in that company (X-Tenant), with a page load', () => {
    const load = vi.fn();
    const preventDefault = vi.fn();
    openInCompany({ id: 'c-7', name: 'Acme' }, { preventDefault }, '/dashboard/property/p-1/edit', load);
    expect(preventDefault).toHaveBeenCalled();
    expect(load).toHaveBeenCalledWith('/dashboard/property/p-1/edit');
    expect(authStore.get()).toMatchObject({ currentCompany: 'c-7', currentCompanyName: 'Acme' });
    // Within the current company the link navigates as usual.
    const again = vi.fn();
    openInCompany({ id: 'c-7', name: 'Acme' }, { preventDefault: again }, '/dashboard/property/p-2/edit', load);
    expect(again).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when there are no properties or integrations', async () => {
    stubApi({
      'GET /api/v1/companies/c-7/edit': {
        status: 200,
        body: { data: { uuid: 'c-7', properties: [] }, fields: NAME_ONLY },
      },
      'GET /api/v1/company/c-7/integrations': { status: 200, body: { data: { integrations: [] } } },
    });
    renderScreens({ '/dashboard/company/:id/*': <CompanyEdit /> }, '/dashboard/company/c-7/edit');
    expect(await screen.findByText('This company has no properties yet.')).toBeInTheDocument();
    expect(await screen.findByText('No integrations are available for this company.')).toBeInTheDocument();
  });
});

describe('property edit extras', () => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the Units: Unit Name from unit_ref, Type, Status, Edit link', async () => {
    const units = [
      { uuid: 'n-1', id: 'n-1', name: 'Flat 1', unit_ref: 'HV-01', unit_type: 'Flat', unit_status: 'Let' },
      { uuid: 'n-2', id: 'n-2', name: 'Flat 2', unit_ref: 'HV-02', unit_type: 'Studio', unit_status: 'Available' },
    ];
    stubApi({
      'GET /api/v1/properties/p-1/edit': {
        status: 200,
        body: { data: { uuid: 'p-1', id: 'p-1', name: 'Harbour View', units }, fields: NAME_ONLY },
      },
    });
    renderScreens({ '/dashboard/property/:id/*': <PropertyEdit /> }, '/dashboard/property/p-1/edit');

    const region = await screen.findByRole('region', { name: 'Units' });
    const rows = within(within(region).getByRole('table')).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Unit Name', 'Type', 'Status', '']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['HV-01', 'Flat', 'Let', 'Edit']);
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['HV-02', 'Studio', 'Available', 'Edit']);
    expect(within(rows[2]).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/dashboard/unit/n-2/edit');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Existing');
  });
});
