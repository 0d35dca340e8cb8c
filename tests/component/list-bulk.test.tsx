// Bulk changes on a declared list (docs/resources.md "Bulk changes"): a checkbox per row and "select
// all" (react-admin's DataTable selection), the toolbar's "Update selected" (a bulk-editable field,
// its value, "N units will change") and "Delete selected" (a confirmation naming the count), one
// POST /units/bulk, then the result — "2 units updated", or the refused rows marked with their reasons.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage } from './shell-harness';
import { LOAD_TIMEOUT, rowOf as row, listReply, openList, unitRow } from './list-harness';

const UNITS = [
  unitRow(1, { name: 'Flat 1', version: 1 } as never),
  unitRow(2, { name: 'Flat 2', version: 1 } as never),
  unitRow(3, { name: 'Flat 3', version: 1 } as never),
];

async function openUnits(bulk: Parameters<typeof openList>[1][string]) {
  const view = openList('/dashboard/unit', { 'GET /api/v1/units': listReply(UNITS), 'POST /api/v1/units/bulk': bulk });
  await screen.findByRole('table', {}, LOAD_TIMEOUT);
  await view.loadedWhole('/api/v1/units');
  return view;
}

describe('bulk changes on a list', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('selects rows, sets a field on them in one request and says how many changed', async () => {
    const user = userEvent.setup();
    const { api } = await openUnits({
      status: 200,
      body: { data: { message: '2 units updated.', action: 'update', count: 2, ids: ['un-1', 'un-2'] } },
    });
    await user.click(within(row('Flat 1')).getByRole('checkbox'));
    await user.click(within(row('Flat 2')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Update selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update 2 units' });
    expect(dialog).toHaveTextContent('2 units will change.');
    await user.click(within(dialog).getByRole('combobox', { name: 'New Unit status' }));
    await user.click(await screen.findByRole('option', { name: 'Let' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('2 units updated'));
    const [call] = api.called('POST /api/v1/units/bulk');
    expect(call.body).toEqual({
      action: 'update',
      ids: ['un-1', 'un-2'],
      versions: { 'un-1': 1, 'un-2': 1 },
      values: { unit_status: 'Let' },
    });
  }, 60_000);

  it('deletes the selected rows after a confirmation naming the count, or marks the refused ones with their reason', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = {
      status: 409,
      body: {
        message: 'Nothing was changed: 1 of the 3 units cannot be deleted.',
        errors: { ids: ['un-2: This unit is used by 1 gadget.'] },
        rows: [{ id: 'un-2', status: 409, message: 'This unit is used by 1 gadget.' }],
      },
    };
    const { api } = await openUnits(refused);
    // "Select all" in the header: every row on the page.
    await user.click(screen.getAllByRole('checkbox')[0]);
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 units?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Nothing was changed: 1 of the 3 units cannot be deleted. Flat 2: This unit is used by 1 gadget.',
      ),
    );
    expect(api.called('POST /api/v1/units/bulk')[0].body).toMatchObject({
      action: 'delete',
      ids: ['un-1', 'un-2', 'un-3'],
    });
  }, 60_000);
});
