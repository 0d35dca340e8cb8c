// The role screens: edit groups the permissions by prefix (title-cased) with label + name as help,
// a wildcard ticks and locks its whole prefix ("included in users.*") and unticking it gives back what was
// ticked before, "Update Role" sends { name, label, permissions }; super_admin is
// not editable; create draws the server's groups with a box that ticks a whole group.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormFieldGroup } from '../../contract/forms';
import type { Permission } from '../../contract/types';
import { authStore } from '../../providers/store';
import roles from '../../resources/roles';
import { currentUrl, fakeDelays, renderScreens, signedIn, stubApi, type Handler } from './form-test-utils';

const { create: RoleCreate, edit: RoleEdit } = roles;

const CATALOGUE: Permission[] = [
  { name: 'users.*', label: 'All user permissions' },
  { name: 'users.view', label: 'View users' },
  { name: 'users.create', label: 'Create users' },
  { name: 'property_units.view', label: 'View property units' },
  { name: 'reports.access', label: 'Open reports' },
];

const ADMIN_ROLE = {
  uuid: 'r-2',
  id: 'r-2',
  name: 'admin',
  label: 'Admin',
  permissions: ['users.view', 'reports.access'],
};

function openEdit(role: Record<string, unknown> = ADMIN_ROLE, routes: Record<string, Handler> = {}) {
  const api = stubApi({
    [`GET /api/v1/roles/${String(role.uuid)}`]: { status: 200, body: { data: role } },
    'GET /api/v1/permissions': { status: 200, body: { data: CATALOGUE } },
    [`PUT /api/v1/roles/${String(role.uuid)}`]: {
      status: 200,
      body: { data: { message: 'The role has been updated', ...role } },
    },
    ...routes,
  });
  renderScreens({ '/dashboard/roles/:id/*': <RoleEdit /> }, `/dashboard/roles/${String(role.uuid)}/edit`);
  return { api, user: userEvent.setup({ delay: null }) };
}

const puts = (api: ReturnType<typeof stubApi>) => api.apiCalls().filter((c) => c.method === 'PUT');

describe('role edit', () => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('groups permissions by the text before the first dot, title-cased, each with its label and its name as help', async () => {
    openEdit();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('admin');
    expect(screen.getByRole('textbox', { name: 'Label' })).toHaveValue('Admin');
    const groups = screen.getAllByRole('group').filter((g) => g.tagName === 'FIELDSET');
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual(['Users', 'Property Units', 'Reports']);
    const users = screen.getByRole('group', { name: 'Users' });
    expect(
      within(users)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['users.*', 'users.view', 'users.create']);
    const view = within(users).getByRole('checkbox', { name: 'View users' });
    expect(view).toBeChecked();
    expect(view).toHaveAccessibleDescription('users.view');
    expect(within(users).getByRole('checkbox', { name: 'Create users' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Open reports' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Update Role' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to Roles' })).toHaveAttribute('href', '/dashboard/roles');
  });

  it('a ticked wildcard ticks and locks every permission of its prefix; unticking it gives them back as stored', async () => {
    const { user } = openEdit();
    const users = await screen.findByRole('group', { name: 'Users' });
    await user.click(within(users).getByRole('checkbox', { name: 'All user permissions' }));
    for (const c of within(users).getAllByRole('checkbox')) expect(c).toBeChecked();
    for (const name of ['View users', 'Create users']) {
      const box = within(users).getByRole('checkbox', { name });
      expect(box).toBeDisabled();
      expect(box.getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(within(users).getByRole('checkbox', { name: 'Create users' })).toHaveAccessibleDescription(
      'users.create included in users.*',
    );
    expect(screen.getByRole('checkbox', { name: 'View property units' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Open reports' })).toBeChecked();
    await user.click(within(users).getByRole('checkbox', { name: 'All user permissions' }));
    // As stored: users.view ticked, users.create not; neither locked.
    expect(within(users).getByRole('checkbox', { name: 'All user permissions' })).not.toBeChecked();
    expect(within(users).getByRole('checkbox', { name: 'View users' })).toBeChecked();
    expect(within(users).getByRole('checkbox', { name: 'View users' })).toBeEnabled();
    expect(within(users).getByRole('checkbox', { name: 'Create users' })).not.toBeChecked();
    expect(within(users).getByRole('checkbox', { name: 'Create users' })).toHaveAccessibleDescription('users.create');
    expect(screen.queryByText('included in users.*')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Open reports' })).toBeChecked();
  });

  it('unticking a wildcard gives back what was ticked just before it, and sends that', async () => {
    const { api, user } = openEdit();
    const users = await screen.findByRole('group', { name: 'Users' });
    await user.click(within(users).getByRole('checkbox', { name: 'Create users' }));
    await user.click(within(users).getByRole('checkbox', { name: 'All user permissions' }));
    await user.click(within(users).getByRole('checkbox', { name: 'All user permissions' }));
    expect(within(users).getByRole('checkbox', { name: 'Create users' })).toBeChecked();
    fakeDelays();
    await user.click(screen.getByRole('button', { name: 'Update Role' }));
    expect(await screen.findByText('The role has been updated. Redirecting...')).toBeInTheDocument();
    expect(puts(api)[0].body).toEqual({
      name: 'admin',
      label: 'Admin',
      permissions: ['users.view', 'users.create', 'reports.access'],
    });
  });

  it('a role stored with a wildcard shows its permissions ticked and locked, and sends the wildcard as stored', async () => {
    const { api, user } = openEdit({ ...ADMIN_ROLE, permissions: ['users.*'] });
    const users = await screen.findByRole('group', { name: 'Users' });
    expect(within(users).getByRole('checkbox', { name: 'All user permissions' })).toBeChecked();
    for (const name of ['View users', 'Create users']) {
      expect(within(users).getByRole('checkbox', { name })).toBeChecked();
      expect(within(users).getByRole('checkbox', { name })).toBeDisabled();
    }
    expect(within(users).getAllByText('included in users.*')).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Open reports' })).not.toBeChecked();
    fakeDelays();
    await user.click(screen.getByRole('button', { name: 'Update Role' }));
    expect(await screen.findByText('The role has been updated. Redirecting...')).toBeInTheDocument();
    expect(puts(api)[0].body).toEqual({ name: 'admin', label: 'Admin', permissions: ['users.*'] });
  });

  it('ticking a wildcard sends it with every permission of its prefix, as before', async () => {
    const { api, user } = openEdit();
    const users = await screen.findByRole('group', { name: 'Users' });
    await user.click(within(users).getByRole('checkbox', { name: 'All user permissions' }));
    fakeDelays();
    await user.click(screen.getByRole('button', { name: 'Update Role' }));
    expect(await screen.findByText('The role has been updated. Redirecting...')).toBeInTheDocument();
    expect(puts(api)[0].body).toEqual({
      name: 'admin',
      label: 'Admin',
      permissions: ['users.*', 'users.view', 'users.create', 'reports.access'],
    });
  });

  it('"Update Role" sends { name, label, permissions } and returns to the roles after 1 s', async () => {
    const { api, user } = openEdit();
    const label = await screen.findByRole('textbox', { name: 'Label' });
    await user.clear(label);
    await user.type(label, 'Administrator');
    await user.click(screen.getByRole('checkbox', { name: 'Create users' }));
    await user.click(screen.getByRole('checkbox', { name: 'Open reports' }));
    fakeDelays();
    await user.click(screen.getByRole('button', { name: 'Update Role' }));
    expect(await screen.findByText('The role has been updated. Redirecting...')).toBeInTheDocument();
    expect(puts(api)).toHaveLength(1);
    expect(puts(api)[0]).toMatchObject({ path: '/api/v1/roles/r-2' });
    expect(puts(api)[0].body).toEqual({
      name: 'admin',
      label: 'Administrator',
      permissions: ['users.view', 'users.create'],
    });
    act(() => vi.advanceTimersByTime(999));
    expect(currentUrl()).toBe('/dashboard/roles/r-2/edit');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/dashboard/roles');
  });

  it('needs a name: the field message, nothing sent', async () => {
    const { api, user } = openEdit();
    await user.clear(await screen.findByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Update Role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a value for Name.');
    expect(puts(api)).toEqual([]);
  });

  it('puts a server error on the permissions', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = openEdit(ADMIN_ROLE, {
      'PUT /api/v1/roles/r-2': {
        status: 422,
        body: { message: 'Invalid', errors: { 'permissions.0': ['Unknown permission: x.y'] } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Update Role' }));
    expect(await screen.findByText('Could not update the role')).toBeInTheDocument();
    expect(screen.getByText('Unknown permission: x.y')).toBeInTheDocument();
  });

  it('does not offer to edit the super_admin role', async () => {
    const { api } = openEdit({ uuid: 'r-1', id: 'r-1', name: 'super_admin', label: 'Super Admin', permissions: ['*'] });
    expect(await screen.findByText('The Super Admin role cannot be edited.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(puts(api)).toEqual([]);
  });
});

// As the server defines it (server/roles/fields.ts): name and label, then one group per prefix.
const CREATE_FORM: FormFieldGroup[] = [
  {
    group: 'Role',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'label', label: 'Label', type: 'text', required: true },
    ],
  },
  {
    group: 'Users',
    fields: [
      {
        name: 'permissions',
        label: 'Users',
        type: 'checkbox',
        multiple: true,
        options: { 'users.*': 'All user permissions', 'users.view': 'View users', 'users.create': 'Create users' },
      },
    ],
  },
  {
    group: 'Reports',
    fields: [
      {
        name: 'permissions',
        label: 'Reports',
        type: 'checkbox',
        multiple: true,
        options: { 'reports.access': 'Open reports' },
      },
    ],
  },
];

describe('role create', () => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws the server fields; a group box ticks the whole group; "Create Role" sends one permissions list', async () => {
    const api = stubApi({
      'GET /api/v1/roles/create': { status: 200, body: { data: {}, fields: CREATE_FORM } },
      'POST /api/v1/roles': { status: 201, body: { data: { message: 'The role has been created', uuid: 'r-9' } } },
    });
    renderScreens({ '/dashboard/roles/create': <RoleCreate /> }, '/dashboard/roles/create');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 2, name: 'Users' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'auditor');
    await user.type(screen.getByRole('textbox', { name: 'Label' }), 'Auditor');

    const users = screen.getByRole('group', { name: 'Users' });
    const all = within(users).getByRole('checkbox', { name: 'Select all Users' });
    await user.click(all);
    expect(
      within(users)
        .getAllByRole('checkbox')
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true);
    await user.click(within(users).getByRole('checkbox', { name: 'Create users' }));
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    await user.click(all);
    expect(within(users).getByRole('checkbox', { name: 'View users' })).not.toBeChecked();
    await user.click(within(users).getByRole('checkbox', { name: 'View users' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all Reports' }));

    await user.click(screen.getByRole('button', { name: 'Create Role' }));
    expect(await screen.findByText('The role has been created. Redirecting...')).toBeInTheDocument();
    const posted = api.apiCalls().filter((c) => c.method === 'POST');
    expect(posted).toHaveLength(1);
    const body = posted[0].body as { permissions: string[] };
    // One list across the groups (a set: its order carries no meaning).
    expect({ ...body, permissions: [...body.permissions].sort() }).toEqual({
      name: 'auditor',
      label: 'Auditor',
      permissions: ['reports.access', 'users.view'],
    });
  });

  it('refuses a role without a name', async () => {
    const api = stubApi({ 'GET /api/v1/roles/create': { status: 200, body: { data: {}, fields: CREATE_FORM } } });
    renderScreens({ '/dashboard/roles/create': <RoleCreate /> }, '/dashboard/roles/create');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create Role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The highlighted fields are required.');
    await waitFor(() => expect(api.apiCalls().filter((c) => c.method === 'POST')).toEqual([]));
  });
});
