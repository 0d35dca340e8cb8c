// Deleting a row that changed since the list showed it (docs/resources.md "Versions and conflicts"):
// the DELETE carries If-Match of the row's version; a 409 with a conflict asks again — what changed,
// by whom — and "Delete anyway" deletes based on the version now, "Keep it" keeps the row and loads
// the list afresh. The usual browser confirm comes first, as before.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage } from './shell-harness';
import { LOAD_TIMEOUT, firstCells, rowOf as row, listReply, openList, unitRow } from './list-harness';

const UNITS = [
  unitRow(1, { name: 'Flat 1', version: 2 } as never),
  unitRow(2, { name: 'Flat 2', version: 1 } as never),
];
const CHANGED = {
  status: 409,
  body: {
    message: 'This unit was changed by someone else since version 2 (it is at version 3 now).',
    conflict: {
      version: 3,
      since: 2,
      changes: [
        {
          field: 'name',
          label: 'Unit name',
          theirs: 'Flat 1A',
          by: { id: 'ada', name: 'Ada Admin' },
          at: '2025-03-05T14:03:00.000Z',
        },
      ],
    },
  },
};

async function openUnits(deleteHandler: Parameters<typeof openList>[1][string]) {
  const view = openList('/dashboard/unit', {
    'GET /api/v1/units': listReply(UNITS),
    'DELETE /api/v1/units/un-1': deleteHandler,
  });
  await screen.findByRole('table', {}, LOAD_TIMEOUT);
  await view.loadedWhole('/api/v1/units');
  return view;
}

describe('deleting a row that changed since it was shown', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks again with what changed; "Delete anyway" deletes based on the version now', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = await openUnits((call) =>
      call.headers['If-Match'] === '"3"'
        ? { status: 200, body: { data: { message: 'The unit has been deleted' } } }
        : CHANGED,
    );
    await user.click(within(row('Flat 1')).getByRole('button', { name: 'Remove Unit' }));
    // The usual confirm, word for word, first.
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this item?');
    const dialog = await screen.findByRole('dialog', { name: 'This item changed since it was shown' });
    expect(dialog).toHaveTextContent(/Unit Name was changed by Ada Admin, .*2025.*\. Delete it anyway\?/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(firstCells()).toEqual(['Flat 2']));
    // The dialog fades out first: until it is gone the page behind it is hidden from the accessibility tree.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The item has been deleted.'));
    expect(api.called('DELETE /api/v1/units/un-1').map((c) => c.headers['If-Match'])).toEqual(['"2"', '"3"']);
  });

  it('"Keep it" deletes nothing, says so and loads the list afresh', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = await openUnits(CHANGED);
    const lists = api.called('GET /api/v1/units').length;
    await user.click(within(row('Flat 1')).getByRole('button', { name: 'Remove Unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'This item changed since it was shown' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The item was not deleted. The list now shows it as it is.'),
    );
    expect(api.called('DELETE /api/v1/units/un-1')).toHaveLength(1);
    await waitFor(() => expect(api.called('GET /api/v1/units').length).toBeGreaterThan(lists));
    expect(firstCells()).toEqual(['Flat 1', 'Flat 2']);
  });
});
