// The integration edit screen: "Edit {integration}", the integration's fields, "Update {integration}",
// PUT …/integrations/{value}, then back to the company edit screen 1 s later. Through the real App:
// the route is registered, and the route guard bars admin from it.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormFieldGroup } from '../../contract/forms';
import { authStore } from '../../providers/store';
import IntegrationEdit from '../../resources/companies/IntegrationEdit';
import { currentUrl, fakeDelays, renderScreens, signedIn, stubApi, type Handler } from './form-test-utils';
import { freshPage, location, makeUser, renderApp, sessionApi, signIn } from './shell-harness';

const ROUTE = '/dashboard/companies/:companyId/integrations/:integration/edit';
const URL = '/dashboard/companies/c-7/integrations/accounting/edit';
const API = '/api/v1/companies/c-7/integrations/accounting';

const FIELDS: FormFieldGroup[] = [
  {
    group: 'Accounting (Xero)',
    group_desc: 'Posts rent receipts and supplier invoices to the company’s Xero organisation.',
    fields: [
      { name: 'tenant_id', label: 'Xero tenant ID', type: 'text', value: 'T-1' },
      {
        name: 'client_secret',
        label: 'Client secret',
        type: 'password',
        value: '',
        'label-help': 'Set — leave blank to keep',
      },
    ],
  },
];
const EDIT: Handler = {
  status: 200,
  body: { data: { value: 'accounting', label: 'Accounting (Xero)' }, fields: FIELDS },
};

function open(routes: Record<string, Handler> = {}) {
  const api = stubApi({
    [`GET ${API}/edit`]: EDIT,
    [`PUT ${API}`]: { status: 200, body: { data: { message: 'Accounting (Xero) settings have been updated' } } },
    ...routes,
  });
  renderScreens({ [ROUTE]: <IntegrationEdit /> }, URL);
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('integration edit', () => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is titled "Edit {integration}" with an "Update {integration}" button and its fields', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Accounting (Xero)' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Update Accounting (Xero)' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Xero tenant ID' })).toHaveValue('T-1');
    expect(screen.getByLabelText('Client secret')).toHaveAccessibleDescription('Set — leave blank to keep');
    expect(screen.getByRole('link', { name: 'Back to Company' })).toHaveAttribute(
      'href',
      '/dashboard/company/c-7/edit',
    );
  });

  it('sends the settings, says "{message}. Redirecting..." and returns to the company 1 s later', async () => {
    const { api, user } = open();
    await user.type(await screen.findByLabelText('Client secret'), 's3cret');
    fakeDelays();
    await user.click(screen.getByRole('button', { name: 'Update Accounting (Xero)' }));
    expect(await screen.findByText('Accounting (Xero) settings have been updated. Redirecting...')).toBeInTheDocument();
    expect(api.apiCalls().filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: API, body: { tenant_id: 'T-1', client_secret: 's3cret' } }),
    ]);
    act(() => vi.advanceTimersByTime(999));
    expect(currentUrl()).toBe(URL);
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/dashboard/company/c-7/edit');
  });

  it('says it could not update, with the server field errors on the fields', async () => {
    const { user } = open({
      [`PUT ${API}`]: {
        status: 422,
        body: { message: 'Invalid', errors: { tenant_id: ['The tenant ID is not valid.'] } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Update Accounting (Xero)' }));
    expect(await screen.findByText('Could not update Accounting (Xero)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Xero tenant ID' })).toHaveAccessibleDescription(
      'The tenant ID is not valid.',
    );
  });
});

describe('the screens in the App', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens the integration edit screen for super_admin', async () => {
    const user = makeUser({ role: 'super_admin' });
    signIn(user);
    sessionApi(user, { [`GET ${API}/edit`]: EDIT });
    const { router } = renderApp(URL);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Accounting (Xero)' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(location(router)).toBe(URL);
  });

  it('sends admin from the integration edit screen to the dashboard', async () => {
    const user = makeUser({ role: 'admin' });
    signIn(user);
    sessionApi(user, { [`GET ${API}/edit`]: EDIT });
    const { router } = renderApp(URL);
    await waitFor(() => expect(location(router)).toBe('/dashboard'), { timeout: 10_000 });
    expect(screen.queryByRole('heading', { name: 'Edit Accounting (Xero)' })).not.toBeInTheDocument();
  });

  it('registers create and edit on the resources at their canonical addresses', async () => {
    const user = makeUser({ role: 'super_admin' });
    signIn(user);
    sessionApi(user, {
      'GET /api/v1/units/create': {
        status: 200,
        body: { data: {}, fields: [{ group: 'Unit', fields: [{ name: 'name', label: 'Name', type: 'text' }] }] },
      },
    });
    renderApp('/dashboard/unit/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create a Unit' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });
});
