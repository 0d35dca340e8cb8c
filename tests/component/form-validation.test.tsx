// Client validation in the rendered form: every message on its field, the summary rule
// (one error → its message and a period; several → "The highlighted fields are required."), the
// scroll to the first error, and nothing sent until the form is valid.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormField } from '../../contract/forms';
import { authStore } from '../../providers/store';
import unit from '../../resources/units';
import { renderScreens, signedIn, spyScrollIntoView, stubApi } from './form-test-utils';

const UnitCreate = unit.create; // generated from the declaration (src/declared/declared.tsx)

function open(fields: FormField[]) {
  const api = stubApi({
    'GET /api/v1/units/create': { status: 200, body: { data: {}, fields: [{ group: 'Unit', fields }] } },
    'POST /api/v1/units': { status: 201, body: { data: { message: 'The unit has been created', uuid: 'n-1' } } },
  });
  renderScreens({ '/dashboard/unit/create': <UnitCreate /> }, '/dashboard/unit/create');
  return { api, user: userEvent.setup({ delay: null }) };
}

const submit = () => screen.getByRole('button', { name: 'Create Unit' });
const sent = (api: ReturnType<typeof stubApi>) => api.apiCalls().filter((c) => c.method === 'POST');

/** Submits a form of one field and returns the message shown on it (its accessible description). */
async function messageFor(field: FormField, fill?: (user: ReturnType<typeof userEvent.setup>) => Promise<void>) {
  const { api, user } = open([field]);
  await screen.findByRole('button', { name: 'Create Unit' });
  if (fill) await fill(user);
  await user.click(submit());
  const alert = await screen.findByRole('alert');
  expect(sent(api)).toEqual([]);
  return alert.textContent;
}

describe('form validation', () => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
    spyScrollIntoView();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('text required: "Please enter a value for {label}", on the field and as the summary with a period', async () => {
    expect(await messageFor({ name: 'unit_ref', label: 'Unit reference', type: 'text', required: true })).toBe(
      'Please enter a value for Unit reference.',
    );
    const input = screen.getByRole('textbox', { name: 'Unit reference' });
    expect(input).toHaveAccessibleDescription('Please enter a value for Unit reference');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('text required without a label: the name stands in', async () => {
    expect(await messageFor({ name: 'unit_ref', label: '', type: 'text', required: true })).toBe(
      'Please enter a value for unit_ref.',
    );
  });

  it('text required with a placeholder: the placeholder is the message', async () => {
    expect(
      await messageFor({
        name: 'unit_ref',
        label: 'Ref',
        type: 'text',
        required: true,
        placeholder: 'Enter the unit reference',
      }),
    ).toBe('Enter the unit reference.');
    expect(screen.getByRole('textbox', { name: 'Ref' })).toHaveAttribute('placeholder', 'Enter the unit reference');
  });

  it('textarea required: same rule as text', async () => {
    expect(await messageFor({ name: 'description', label: 'Description', type: 'textarea', required: true })).toBe(
      'Please enter a value for Description.',
    );
  });

  it('email required: "A valid email is required"', async () => {
    expect(await messageFor({ name: 'contact', label: 'Contact email', type: 'email', required: true })).toBe(
      'A valid email is required.',
    );
  });

  it('email malformed: "A valid email is required"', async () => {
    const text = await messageFor({ name: 'contact', label: 'Contact email', type: 'email' }, (user) =>
      user.type(screen.getByRole('textbox', { name: 'Contact email' }), 'not-an-email'),
    );
    expect(text).toBe('A valid email is required.');
    expect(screen.getByRole('textbox', { name: 'Contact email' })).toHaveAccessibleDescription(
      'A valid email is required',
    );
  });

  it('tel: "Your phone number should be at least 10 characters long"', async () => {
    const text = await messageFor({ name: 'phone', label: 'Phone', type: 'tel' }, (user) =>
      user.type(screen.getByRole('textbox', { name: 'Phone' }), '01234'),
    );
    expect(text).toBe('Your phone number should be at least 10 characters long.');
  });

  it('dropdown required: "Please choose an option"', async () => {
    expect(
      await messageFor({
        name: 'unit_type',
        label: 'Unit Type',
        type: 'select',
        required: true,
        options: { Flat: 'Flat' },
      }),
    ).toBe('Please choose an option.');
  });

  it('radio group required: "Please choose an option"', async () => {
    expect(
      await messageFor({
        name: 'furnished',
        label: 'Furnished',
        type: 'radio-group',
        required: true,
        options: { yes: 'Yes', no: 'No' },
      }),
    ).toBe('Please choose an option.');
  });

  it.each(['number', 'password', 'url', 'date'])('%s required: "Value is required"', async (type) => {
    expect(await messageFor({ name: 'thing', label: 'Thing', type, required: true })).toBe('Value is required.');
  });

  it('a checkbox that must be ticked: "Value is required"', async () => {
    expect(await messageFor({ name: 'terms', label: 'Agree', type: 'checkbox', required: true })).toBe(
      'Value is required.',
    );
    expect(screen.getByRole('checkbox', { name: 'Agree' })).toHaveAccessibleDescription('Value is required');
  });

  it('minimum length: "This field should be at least {min} characters long"', async () => {
    const text = await messageFor({ name: 'secret', label: 'Secret', type: 'password', minlength: 12 }, (user) =>
      user.type(screen.getByLabelText('Secret'), 'short'),
    );
    expect(text).toBe('This field should be at least 12 characters long.');
  });

  it('several errors: "The highlighted fields are required." and a scroll to the first one', async () => {
    const scroll = spyScrollIntoView();
    const { api, user } = open([
      { name: 'name', label: 'Name', type: 'text', required: true, value: 'Flat 1' },
      { name: 'unit_ref', label: 'Unit reference', type: 'text', required: true },
      { name: 'unit_type', label: 'Unit Type', type: 'select', required: true, options: { Flat: 'Flat' } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Create Unit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The highlighted fields are required.');
    expect(screen.getByRole('textbox', { name: 'Unit reference' })).toHaveAccessibleDescription(
      'Please enter a value for Unit reference',
    );
    expect(screen.getByRole('combobox', { name: 'Unit Type' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'false');
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(
      screen.getByRole('textbox', { name: 'Unit reference' }).closest('[data-form-key]'),
    );
    expect(sent(api)).toEqual([]);
  });

  it('clears the message once the field is put right, then sends', async () => {
    const { api, user } = open([{ name: 'unit_ref', label: 'Unit reference', type: 'text', required: true }]);
    await user.click(await screen.findByRole('button', { name: 'Create Unit' }));
    const input = await screen.findByRole('textbox', { name: 'Unit reference' });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await user.type(input, 'F-1');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    await user.click(submit());
    await waitFor(() => expect(sent(api)).toHaveLength(1));
    expect(sent(api)[0].body).toEqual({ unit_ref: 'F-1' });
  });

  it('does not check disabled fields', async () => {
    const { api, user } = open([
      { name: 'unit_ref', label: 'Unit reference', type: 'text', required: true, disabled: true },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Create Unit' }));
    await waitFor(() => expect(sent(api)).toHaveLength(1));
  });
});
