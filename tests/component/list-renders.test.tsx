// What a search keystroke renders on a big list (paged by the API), counted by the components React
// rendered (renderCount.ts), not timed: the rows the new page shares with the one before — the same
// records — are not rendered again, nor their selection checkboxes, nor their cells; only the rows new
// to the page are. The app bar, the navigation, the list's header and its filter bar do not render at all
// (docs/speed.md "Rendering"). And what opening a list renders. Stubbed at the HTTP boundary.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_LIST_MAX } from '../../contract/lists';
import { freshPage } from './shell-harness';
import {
  LOAD_TIMEOUT,
  bodyRows,
  dataCells,
  firstCells,
  listCalls,
  listReply,
  openList,
  rowOf,
  unitRow,
} from './list-harness';
import { countRenders } from './renderCount';

const UNITS = '/api/v1/units';
/** A list the API pages; every third unit a house, so searching "f" drops a third of each page. */
const rows = Array.from({ length: CLIENT_LIST_MAX + 100 }, (_, i) =>
  unitRow(i + 1, { name: `Unit ${String(i + 1).padStart(4, '0')}`, unit_type: (i + 1) % 3 === 0 ? 'House' : 'Flat' }),
);

/** Components that show nothing a search changes. */
const UNCHANGED = ['Header', 'Navigation', 'ListHeader', 'FilterBar'];

describe('opening a list', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // The navigation renders once, with the admin, and the list twice: without its rows, then with them.
  // Registering the resources (their definitions given up front, src/routing/AdminRoutes.tsx) renders nothing
  // again, and react-admin gathers its routes while its loading page shows (the permissions known at once,
  // providers/queryClient.ts): each used to add one render of everything.
  it('renders the navigation and the list no more than the admin’s own start needs', async () => {
    const mount = countRenders();
    const view = openList('/dashboard/unit', { [`GET ${UNITS}`]: listReply(rows) });
    await screen.findByText(`1–10 of ${rows.length}`, {}, LOAD_TIMEOUT);
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0), LOAD_TIMEOUT);
    mount.stop();
    expect(mount.of('Navigation')).toBe(1);
    expect(mount.of('Header')).toBe(1);
    expect(mount.of('ListScreen')).toBeLessThanOrEqual(2);
    // Each row once.
    expect(mount.of('ListTableRow')).toBe(10);
  });
});

describe('a search keystroke on a big list', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders only the rows new to the page, and neither the app bar, the navigation, the header nor the filters', async () => {
    const user = userEvent.setup();
    const mount = countRenders();
    const view = openList('/dashboard/unit', { [`GET ${UNITS}`]: listReply(rows) });
    await screen.findByText(`1–10 of ${rows.length}`, {}, LOAD_TIMEOUT);
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0), LOAD_TIMEOUT);
    mount.stop();
    // Each is on this screen (a renamed component would make the checks below say nothing).
    for (const name of UNCHANGED) expect(mount.of(name), name).toBeGreaterThan(0);

    const search = screen.getByRole('searchbox', { name: 'Search' });
    const styleText = () => [...document.querySelectorAll('style')].map((el) => el.textContent).join('');
    const type = async (text: string, q: string) => {
      const before = firstCells();
      const styles = styleText();
      const counted = countRenders();
      await user.type(search, text);
      await waitFor(() => expect(listCalls(view.api, UNITS).at(-1)?.q).toBe(q));
      await waitFor(() => expect(view.queryClient.isFetching()).toBe(0), LOAD_TIMEOUT);
      counted.stop();
      const after = firstCells();
      const added = after.filter((name) => !before.includes(name)).length;
      for (const name of UNCHANGED) expect(counted.of(name), name).toBe(0);
      // A style rule inserted while a search runs makes the browser restyle the whole page: the progress bar,
      // the dimmed rows and the new rows' buttons use styles the list inserted at its first render.
      expect(styleText()).toBe(styles);
      return { counted, added, after };
    };

    // "f": the houses leave the page, later flats join it, and the flats that stay move up.
    const first = await type('f', 'f');
    expect(first.after).toEqual(
      rows
        .filter((u) => u.unit_type === 'Flat')
        .slice(0, 10)
        .map((u) => u.name),
    );
    expect(first.added).toBe(3);
    const columns = dataCells(bodyRows()[0]).length;
    // The rows are the light ones (src/lists/ListTableRow.tsx), not react-admin's.
    expect(first.counted.of('ListTableRow')).toBe(first.added);
    expect(first.counted.of('RowCheckbox')).toBe(first.added);
    expect(first.counted.of('ListCell')).toBe(first.added * columns);
    for (const name of ['DataTableRow', 'SelectRowTableCell', 'DataTableCell'])
      expect(first.counted.of(name), name).toBe(0);
    // Their cells are plain <td>s drawn by the table's styles, no MUI TableCell (two styled layers each): the
    // only one rendered is the head's select-all cell, whose checkbox follows the page.
    expect(first.counted.of('TableCell')).toBeLessThanOrEqual(1);
    // The rows' Edit and Remove are plain elements (src/lists/RowButton.tsx), not MUI Buttons.
    expect(first.counted.of('RowButton')).toBe(first.added * 2);

    // A selected row stays selected, and "fl" (the same rows) renders no row, checkbox or cell at all.
    await user.click(within(rowOf('Unit 0001')).getByRole('checkbox'));
    const second = await type('l', 'fl');
    expect(second.after).toEqual(first.after);
    expect(second.added).toBe(0);
    for (const name of ['ListTableRow', 'RowCheckbox', 'ListCell']) expect(second.counted.of(name), name).toBe(0);
    expect(within(rowOf('Unit 0001')).getByRole('checkbox')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeVisible();
  }, 60_000);
});
