// The conflict panel of the edit screens (docs/resources.md "Versions and conflicts") on a stubbed API:
// a save is sent with If-Match of the version the form loaded; a 409 with a conflict shows, for each
// field the other person changed, their value beside the typed one (a reference by its option's
// name), who and when, while the typed values stay in the form. "Keep mine" saves them again over
// the new version; "Take theirs" loads the record afresh. axe finds nothing on the panel.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormFieldGroup } from '../../contract/forms';
import type { RecordConflict } from '../../contract/conflicts';
import { authStore } from '../../providers/store';
import unit from '../../resources/units';
import { currentUrl, fakeDelays, renderScreens, signedIn } from './form-test-utils';
import { stubApi, type ApiCall, type Handler } from './shell-harness';

const { edit: UnitEdit } = unit;

const GROUPS: FormFieldGroup[] = [
  {
    group: 'Unit',
    fields: [
      { name: 'name', label: 'Unit name', type: 'text', required: true },
      {
        name: 'property_id',
        label: 'Property',
        type: 'select',
        required: true,
        options: { 'p-1': 'Harbour View', 'p-2': 'Rose Court' },
      },
      { name: 'bedrooms', label: 'Bedrooms', type: 'number' },
    ],
  },
];
const record = (version: number, values: Record<string, unknown> = {}) => ({
  uuid: 'u-1',
  id: 'u-1',
  name: 'Flat 1',
  property_id: 'p-1',
  bedrooms: 2,
  version,
  ...values,
});
const editForm = (version: number, values: Record<string, unknown> = {}) => ({
  status: 200,
  body: { data: record(version, values), fields: GROUPS },
});

const AT = '2025-03-05T14:03:00.000Z';
const CONFLICT: RecordConflict = {
  version: 4,
  since: 3,
  changes: [
    {
      field: 'name',
      label: 'Unit name',
      yours: 'Mine',
      theirs: 'Theirs',
      by: { id: 'ada', name: 'Ada Admin' },
      at: AT,
    },
    {
      field: 'property_id',
      label: 'Property',
      yours: 'p-1',
      theirs: 'p-2',
      by: { id: 'ada', name: 'Ada Admin' },
      at: AT,
    },
  ],
};
const refused = {
  status: 409,
  body: {
    message: 'This unit was changed by someone else since version 3 (it is at version 4 now).',
    conflict: CONFLICT,
  },
};
const saved = { status: 200, body: { data: { message: 'The unit has been updated', ...record(5, { name: 'Mine' }) } } };

function openEdit(routes: Record<string, Handler>) {
  const api = stubApi({ 'GET /api/v1/units/u-1/edit': editForm(3), ...routes });
  renderScreens({ '/dashboard/unit/:id/*': <UnitEdit /> }, '/dashboard/unit/u-1/edit');
  return { api, user: userEvent.setup({ delay: null }) };
}
const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');
const ifMatchOf = (call: ApiCall) => call.headers['If-Match'];

/** WCAG 2 A/AA violations axe finds in the page (jsdom cannot judge colours: the browser test does). */
async function axeViolations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function typeName(user: ReturnType<typeof userEvent.setup>, value: string) {
  const name = await screen.findByRole('textbox', { name: 'Unit name' });
  await user.clear(name);
  await user.type(name, value);
}

describe('the edit screen’s conflict panel', () => {
  beforeEach(() => {
    authStore.reset();
    signedIn();
    // react-query reports each refused save on the console.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends If-Match of the version loaded; on a conflict shows theirs beside yours, who and when, keeping what was typed', async () => {
    const { api, user } = openEdit({ 'PUT /api/v1/units/u-1': refused });
    await typeName(user, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Update Unit' }));

    const panel = await screen.findByRole('region', {
      name: 'Someone else saved this record while you were editing it',
    });
    expect(ifMatchOf(puts(api.calls)[0])).toBe('"3"');
    // The version travels in the header, not in the body.
    expect(puts(api.calls)[0].body).toEqual({ name: 'Mine', property_id: 'p-1', bedrooms: 2 });
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [name, property] = items;
    expect(within(name).getByRole('heading', { level: 3, name: 'Unit name' })).toBeInTheDocument();
    expect(within(name).getByTestId('conflict-theirs')).toHaveTextContent('Theirs');
    expect(within(name).getByTestId('conflict-yours')).toHaveTextContent('Mine');
    expect(name).toHaveTextContent(/Changed by Ada Admin, .*2025/);
    // A reference by its option's name, from the form definition.
    expect(within(property).getByTestId('conflict-theirs')).toHaveTextContent('Rose Court');
    expect(within(property).getByTestId('conflict-yours')).toHaveTextContent('Harbour View');
    // Nothing typed is lost while the person decides; no "failed" line beside the panel.
    expect(screen.getByRole('textbox', { name: 'Unit name' })).toHaveValue('Mine');
    expect(screen.queryByText(/^Could not update the unit/)).toBeNull();
    // The heading takes the focus: the form now waits for this choice.
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(await axeViolations()).toEqual([]);

    // Typing on updates "yours".
    await user.type(screen.getByRole('textbox', { name: 'Unit name' }), '!');
    expect(within(within(panel).getAllByRole('listitem')[0]).getByTestId('conflict-yours')).toHaveTextContent('Mine!');
  });

  it('"Keep mine" saves the typed values again, over the version the other save made', async () => {
    let answers = 0;
    const { api, user } = openEdit({ 'PUT /api/v1/units/u-1': () => (answers++ === 0 ? refused : saved) });
    await typeName(user, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Update Unit' }));
    await screen.findByRole('region', { name: /Someone else saved this record/ });
    fakeDelays();
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('The unit has been updated. Redirecting...')).toBeInTheDocument();
    const [first, second] = puts(api.calls);
    expect([ifMatchOf(first), ifMatchOf(second)]).toEqual(['"3"', '"4"']);
    expect(second.body).toEqual({ name: 'Mine', property_id: 'p-1', bedrooms: 2 });
    act(() => vi.advanceTimersByTime(1000));
    expect(currentUrl()).toBe('/dashboard/unit');
  });

  it('"Take theirs" loads the record afresh (what was typed is dropped); the next save is based on the new version', async () => {
    let loads = 0;
    const { api, user } = openEdit({
      'GET /api/v1/units/u-1/edit': () =>
        loads++ === 0 ? editForm(3) : editForm(4, { name: 'Theirs', property_id: 'p-2' }),
      'PUT /api/v1/units/u-1': () => (puts(api.calls).length === 1 ? refused : saved),
    });
    await typeName(user, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Update Unit' }));
    await screen.findByRole('region', { name: /Someone else saved this record/ });
    await user.click(screen.getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Unit name' })).toHaveValue('Theirs'));
    expect(screen.queryByRole('region', { name: /Someone else saved this record/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Update Unit' }));
    await screen.findByText('The unit has been updated. Redirecting...');
    expect(ifMatchOf(puts(api.calls)[1])).toBe('"4"');
    expect(puts(api.calls)[1].body).toMatchObject({ name: 'Theirs', property_id: 'p-2' });
  });

  it('a conflict about details the form does not show says so, and still offers both choices', async () => {
    const { user } = openEdit({
      'PUT /api/v1/units/u-1': {
        status: 409,
        body: { message: 'Changed.', conflict: { version: 4, since: 3, changes: [] } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Update Unit' }));
    const panel = await screen.findByRole('region', { name: /Someone else saved this record/ });
    expect(panel).toHaveTextContent('The changes were to details this form does not show.');
    expect(within(panel).queryByRole('list')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Keep mine' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Take theirs' })).toBeEnabled();
  });

  it('a 409 without a conflict (a rule of the resource) is the failure line as before', async () => {
    const { user } = openEdit({
      'PUT /api/v1/units/u-1': { status: 409, body: { message: 'This record is in use.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Update Unit' }));
    expect(await screen.findByText('Could not update the unit. This record is in use.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Someone else saved this record/ })).toBeNull();
  });
});
