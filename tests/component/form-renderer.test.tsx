// The server-defined form renderer through the users create screen: every
// field type drawn from GET /users/create, prefilled, edited and sent as the right value.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormFieldGroup } from '../../contract/forms';
import { authStore } from '../../providers/store';
import users from '../../resources/users';
import { currentUrl, deferred, fakeDelays, renderScreens, signedIn, stubApi, type Handler } from './form-test-utils';

const { create: UserCreate } = users;

const COMPANIES = {
  status: 200,
  body: {
    data: [
      { uuid: 'c-1', id: 'c-1', name: 'Acme Lettings' },
      { uuid: 'c-2', id: 'c-2', name: 'Beta Homes' },
    ],
  },
};

const EVERY_TYPE: FormFieldGroup[] = [
  {
    group: 'Details',
    group_desc: 'Who the person is',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true, value: 'Ada Lovelace' },
      { name: 'email', label: 'Email address', type: 'email', value: 'ada@example.com' },
      { name: 'password', label: 'Password', type: 'password' },
      { name: 'bedrooms', label: 'Bedrooms', type: 'number', value: 2 },
      { name: 'phone', label: 'Phone', type: 'tel', value: '' },
      { name: 'website', label: 'Website', type: 'url', 'label-help': 'Starts with https://' },
      { name: 'notes', label: 'Notes', type: 'textarea', value: 'Line one' },
      { name: 'reference', label: 'Reference', type: 'text', disabled: true, value: 'REF-1' },
    ],
  },
  {
    group: 'Choices',
    fields: [
      {
        name: 'unit_type',
        label: 'Unit Type',
        type: 'select',
        options: { Flat: 'Flat', House: 'House' },
        value: 'Flat',
      },
      { name: 'property_id', label: 'Company', type: 'select', 'options-from': 'companies' },
      {
        name: 'furnished',
        label: 'Furnishing',
        type: 'radio-group',
        options: { yes: 'Furnished', no: 'Unfurnished' },
        value: 'no',
      },
      { name: 'size', label: 'Small', type: 'radio', value: 'S' },
      { name: 'size', label: 'Large', type: 'radio', value: 'L', checked: true },
      { name: 'bypass_sso', label: 'Bypass SSO', type: 'checkbox', checked: false },
      {
        name: 'companies',
        label: 'Companies',
        type: 'checkbox',
        multiple: true,
        'options-from': 'companies',
        value: ['c-1'],
      },
      { name: 'available_from', label: 'Available from', type: 'date', value: '2024-03-05' },
    ],
  },
];

const PREFILLED_BODY = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: '',
  bedrooms: 2,
  phone: '',
  website: '',
  notes: 'Line one',
  reference: 'REF-1',
  unit_type: 'Flat',
  property_id: '',
  furnished: 'no',
  size: 'L',
  bypass_sso: false,
  companies: ['c-1'],
  available_from: '2024-03-05',
};

const CREATED = { status: 201, body: { data: { message: 'The user has been created', uuid: 'u-9', id: 'u-9' } } };

function open(groups: FormFieldGroup[], routes: Record<string, Handler> = {}) {
  const api = stubApi({
    'GET /api/v1/users/create': { status: 200, body: { data: {}, fields: groups } },
    'GET /api/v1/companies': COMPANIES,
    'POST /api/v1/users': CREATED,
    ...routes,
  });
  renderScreens({ '/dashboard/users/create': <UserCreate /> }, '/dashboard/users/create');
  return { api, user: userEvent.setup({ delay: null }) };
}

const posted = (api: ReturnType<typeof stubApi>) => api.apiCalls().filter((c) => c.method === 'POST');
const submit = () => screen.getByRole('button', { name: 'Create User' });

describe('dynamic form renderer', () => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the loading state, then the groups with their titles and descriptions', async () => {
    const definition = deferred();
    open(EVERY_TYPE, { 'GET /api/v1/users/create': definition.handler });
    // The screen's code loads when it first opens (docs/speed.md "The first screen"), then the definition.
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a User' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create User' })).not.toBeInTheDocument();
    expect(screen.getByText('Company: Acme Lettings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/dashboard/users');

    definition.release({ status: 200, body: { data: {}, fields: EVERY_TYPE } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Details' })).toBeInTheDocument();
    expect(screen.getByText('Who the person is')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Choices' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading...' })).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('draws each type with its prefilled value and sends them unchanged', async () => {
    const { api, user } = open(EVERY_TYPE);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Ada Lovelace');
    expect(name).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('spinbutton', { name: 'Bedrooms' })).toHaveValue(2);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAttribute('type', 'url');
    // label-help is the helper text.
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAccessibleDescription('Starts with https://');
    expect(screen.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Reference' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Unit Type' })).toHaveTextContent('Flat');
    expect(screen.getByRole('radio', { name: 'Unfurnished' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Large' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Small' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bypass SSO' })).not.toBeChecked();
    // options-from: GET /api/v1/companies, uuid → name.
    const companies = screen.getByRole('group', { name: 'Companies' });
    expect(within(companies).getByRole('checkbox', { name: 'Acme Lettings' })).toBeChecked();
    expect(within(companies).getByRole('checkbox', { name: 'Beta Homes' })).not.toBeChecked();
    // date: stored Y-m-d, shown like "Tue, 5 Mar 2024".
    expect(await screen.findByDisplayValue('Tue, 5 Mar 2024')).toHaveAttribute('name', 'available_from');

    await user.click(submit());
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]).toMatchObject({ path: '/api/v1/users', body: PREFILLED_BODY });
  });

  it('sends what the user entered, each type as its value', async () => {
    const { api, user } = open(EVERY_TYPE);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Grace Hopper');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.clear(screen.getByRole('spinbutton', { name: 'Bedrooms' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Bedrooms' }), '4');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '01234 567890');
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'https://example.com');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), ', line two');

    await user.click(screen.getByRole('combobox', { name: 'Unit Type' }));
    await user.click(await screen.findByRole('option', { name: 'House' }));
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Beta Homes' }));
    await user.click(screen.getByRole('radio', { name: 'Furnished' }));
    await user.click(screen.getByRole('radio', { name: 'Small' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bypass SSO' }));
    await user.click(screen.getByRole('checkbox', { name: 'Beta Homes' }));
    await user.click(screen.getByRole('checkbox', { name: 'Acme Lettings' }));

    await user.click(await screen.findByRole('button', { name: /Choose date/ }));
    await user.click(await screen.findByRole('gridcell', { name: '12' }));
    expect(await screen.findByDisplayValue('Tue, 12 Mar 2024')).toBeInTheDocument();

    await user.click(submit());
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0].body).toEqual({
      ...PREFILLED_BODY,
      name: 'Grace Hopper',
      password: 'Secret123',
      bedrooms: 4,
      phone: '01234 567890',
      website: 'https://example.com',
      notes: 'Line one, line two',
      unit_type: 'House',
      property_id: 'c-2',
      furnished: 'yes',
      size: 'S',
      bypass_sso: true,
      companies: ['c-2'],
      available_from: '2024-03-12',
    });
  });

  it('shows "Sorry, an error occurred with this field…" for an unknown type and sends no value for it', async () => {
    const { api, user } = open([
      {
        group: 'Odd',
        fields: [
          { name: 'name', label: 'Name', type: 'text', value: 'A' },
          { name: 'colour', label: 'Colour', type: 'colour-wheel' },
        ],
      },
    ]);
    expect(
      await screen.findByText('Sorry, an error occurred with this field. Please contact your administrator.'),
    ).toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0].body).toEqual({ name: 'A' });
  });

  it('shows an option whose value is empty (no access) as the choice it is', async () => {
    const { api, user } = open([
      {
        group: 'G',
        fields: [
          {
            name: 'everest_role_uuid',
            label: 'Everest role',
            type: 'select',
            options: { '': 'No access to Everest', 'r-7': 'Manager' },
            value: '',
          },
        ],
      },
    ]);
    const select = await screen.findByRole('combobox', { name: 'Everest role' });
    expect(select).toHaveTextContent('No access to Everest');
    await user.click(select);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'No access to Everest',
      'Manager',
    ]);
    await user.click(screen.getByRole('option', { name: 'Manager' }));
    await user.click(submit());
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0].body).toEqual({ everest_role_uuid: 'r-7' });
  });

  it('offers "Choose an option" to clear a select without an empty option, and sends several values for a multiple select', async () => {
    const { api, user } = open([
      {
        group: 'G',
        fields: [
          {
            name: 'unit_type',
            label: 'Unit Type',
            type: 'select',
            options: { Flat: 'Flat', House: 'House' },
            value: 'Flat',
          },
          { name: 'tags', label: 'Tags', type: 'select', multiple: true, options: { a: 'Garden', b: 'Parking' } },
        ],
      },
    ]);
    await user.click(await screen.findByRole('combobox', { name: 'Unit Type' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Choose an option',
      'Flat',
      'House',
    ]);
    await user.click(screen.getByRole('option', { name: 'Choose an option' }));
    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'Garden' }));
    await user.click(screen.getByRole('option', { name: 'Parking' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Tags' })).toHaveTextContent('Garden, Parking');
    await user.click(submit());
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0].body).toEqual({ unit_type: '', tags: ['a', 'b'] });
  });

  it('uses inline options over options-from and does not fetch the list then', async () => {
    const { api } = open([
      {
        group: 'G',
        fields: [
          {
            name: 'companies',
            label: 'Companies',
            type: 'checkbox',
            multiple: true,
            options: { 'c-9': 'Own Co' },
            'options-from': 'companies',
          },
        ],
      },
    ]);
    expect(await screen.findByRole('checkbox', { name: 'Own Co' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Acme Lettings' })).not.toBeInTheDocument();
    expect(api.apiCalls().map((c) => c.path)).not.toContain('/api/v1/companies');
  });

  it('says "Please wait..." on a disabled button while saving, then "{message}. Redirecting..." and the list after exactly 1000 ms', async () => {
    const created = deferred();
    const { user } = open(EVERY_TYPE, { 'POST /api/v1/users': created.handler });
    await screen.findByRole('textbox', { name: 'Name' });
    fakeDelays();
    await user.click(submit());
    const busy = await screen.findByRole('button', { name: 'Please wait...' });
    expect(busy).toBeDisabled();

    created.release(CREATED);
    expect(await screen.findByText('The user has been created. Redirecting...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create User' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(999));
    expect(currentUrl()).toBe('/dashboard/users/create');
    act(() => vi.advanceTimersByTime(1));
    expect(currentUrl()).toBe('/dashboard/users');
  });

  it('says "Could not create the user" and puts the server field errors on their fields', async () => {
    const { user } = open(EVERY_TYPE, {
      'POST /api/v1/users': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { email: ['The email has already been taken.'], unknown_field: ['Ignored'] },
        },
      },
    });
    await screen.findByRole('textbox', { name: 'Name' });
    vi.spyOn(console, 'error').mockImplementation(() => {}); // react-admin logs every dataProvider error
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    await user.click(submit());
    expect(await screen.findByText('Could not create the user')).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Email address' });
    expect(email).toHaveAccessibleDescription('The email has already been taken.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(email.closest('[data-form-key]'));
    expect(screen.getByRole('button', { name: 'Create User' })).toBeEnabled();
    expect(currentUrl()).toBe('/dashboard/users/create');
  });

  it('shows a field error the server sent with the field', async () => {
    open([
      { group: 'G', fields: [{ name: 'name', label: 'Name', type: 'text', value: '', error: 'Pick another name' }] },
    ]);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Pick another name');
  });

  it('says "There was an error" when the server cannot be reached', async () => {
    const { user } = open(EVERY_TYPE, { 'POST /api/v1/users': 'network-error' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(submit());
    expect(await screen.findByText('There was an error')).toBeInTheDocument();
  });

  it('refuses a record without a name: "All fields are required", nothing sent', async () => {
    const { api, user } = open([{ group: 'G', fields: [{ name: 'name', label: 'Name', type: 'text' }] }]);
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('All fields are required')).toBeInTheDocument();
    expect(posted(api)).toEqual([]);
  });

  it('takes the error line away once the fields it was about are put right, and keeps a failed save’s own', async () => {
    const { user } = open([{ group: 'G', fields: [{ name: 'name', label: 'Name', type: 'text' }] }], {
      'POST /api/v1/users': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { name: ['The name has already been taken.'] } },
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('All fields are required')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Ada');
    await waitFor(() => expect(screen.queryByText('All fields are required')).not.toBeInTheDocument());
    // The server's field error: the line goes when that field is changed to something valid.
    await user.click(submit());
    expect(await screen.findByText('Could not create the user')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('The name has already been taken.');
    await user.type(name, 'x');
    await waitFor(() => expect(screen.queryByText('Could not create the user')).not.toBeInTheDocument());
  });

  it('keeps the error line of a save that failed without field errors', async () => {
    const { user } = open(EVERY_TYPE, { 'POST /api/v1/users': 'network-error' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'x');
    await user.click(submit());
    expect(await screen.findByText('There was an error')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'y');
    expect(screen.getByText('There was an error')).toBeInTheDocument();
  });

  it('says the form could not be loaded when the definition fails', async () => {
    open(EVERY_TYPE, { 'GET /api/v1/users/create': { status: 500, body: { message: 'Server Error' } } });
    expect(
      await screen.findByText('Sorry, this form could not be loaded. Please try again later.'),
    ).toBeInTheDocument();
  });
});
