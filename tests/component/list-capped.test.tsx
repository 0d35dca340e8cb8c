// A searched page of a big list asks for a capped count (contract/lists.ts COUNT_PARAM): the API stops
// counting COUNT_CAP rows past the page and answers `meta.more`. The range reads "of more than N", the
// page links keep their rules (3 links, ellipsis gaps, ?page=N) with the end ellipsis shown, "last page"
// off and "next" working. Unsearched, the total is exact again. Stubbed at the HTTP boundary.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_LIST_MAX, COUNT_CAP } from '../../contract/lists';
import { freshPage, location } from './shell-harness';
import { LOAD_TIMEOUT, firstCells, listCalls, listReply, openList, unitRow } from './list-harness';

const UNITS = '/api/v1/units';
/** More flats than a server-paged list needs and than one capped count reaches; every 100th a studio. */
const COUNT = CLIENT_LIST_MAX + 1000;
const rows = Array.from({ length: COUNT }, (_, i) =>
  unitRow(i + 1, {
    name: `Unit ${String(i + 1).padStart(4, '0')}`,
    unit_type: (i + 1) % 100 === 0 ? 'Studio' : 'Flat',
  }),
);
const flats = rows.filter((u) => u.unit_type === 'Flat');

const searchbox = () => screen.getByRole('searchbox', { name: 'Search' });
const pagination = () => screen.getByRole('navigation', { name: 'Pagination' });
const lastCall = (api: Parameters<typeof listCalls>[0]) => listCalls(api, UNITS).at(-1);

describe('a searched page with a capped count', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads "of more than N", keeps the end ellipsis, turns "last page" off and pages on with "next"', async () => {
    const user = userEvent.setup();
    const view = openList('/dashboard/unit', { [`GET ${UNITS}`]: listReply(rows) });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await screen.findByText(`1–10 of ${COUNT}`, {}, LOAD_TIMEOUT);
    // Unsearched: an exact total, no count parameter, and the last page known.
    expect(lastCall(view.api)).toMatchObject({ page: 1, q: null, count: null });
    expect(within(pagination()).getByRole('link', { name: 'Go to last page' })).toHaveAttribute(
      'href',
      `/dashboard/unit?page=${COUNT / 10}`,
    );

    await user.type(searchbox(), 'flat');
    await waitFor(() =>
      expect(lastCall(view.api)).toMatchObject({ page: 1, perPage: 10, q: 'flat', qIn: 'unit_type', count: 'capped' }),
    );
    await screen.findByText(`1–10 of more than ${10 + COUNT_CAP}`, {}, LOAD_TIMEOUT);
    expect(firstCells()).toEqual(flats.slice(0, 10).map((u) => u.name));
    const nav = pagination();
    expect(
      within(nav)
        .getAllByRole('link', { name: /^Go to page \d+$/ })
        .map((a) => a.textContent),
    ).toEqual(['1', '2', '3']);
    expect(nav).toHaveTextContent('…');
    expect(within(nav).getByRole('button', { name: 'Go to last page' })).toBeDisabled();
    expect(within(nav).queryByRole('link', { name: 'Go to last page' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Go to next page' })).toHaveAttribute(
      'href',
      '/dashboard/unit?page=2',
    );

    await user.click(within(nav).getByRole('link', { name: 'Go to next page' }));
    expect(location(view.router)).toBe('/dashboard/unit?page=2');
    await waitFor(() => expect(lastCall(view.api)).toMatchObject({ page: 2, q: 'flat', count: 'capped' }));
    await screen.findByText(`11–20 of more than ${20 + COUNT_CAP}`, {}, LOAD_TIMEOUT);
    expect(firstCells()).toEqual(flats.slice(10, 20).map((u) => u.name));
    expect(
      within(pagination())
        .getAllByRole('link', { name: /^Go to page \d+$/ })
        .map((a) => a.textContent),
    ).toEqual(['1', '2', '3']);
    expect(within(pagination()).getByRole('button', { name: 'Go to last page' })).toBeDisabled();
    expect(within(pagination()).getByRole('link', { name: 'Go to previous page' })).toHaveAttribute(
      'href',
      '/dashboard/unit',
    );
  });

  it('a search below the cap is exact: the range and "last page" as without a cap', async () => {
    const user = userEvent.setup();
    const view = openList('/dashboard/unit', { [`GET ${UNITS}`]: listReply(rows) });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await user.type(searchbox(), 'studio');
    await waitFor(() => expect(lastCall(view.api)).toMatchObject({ q: 'studio', count: 'capped' }));
    const studios = COUNT / 100;
    await screen.findByText(`1–10 of ${studios}`, {}, LOAD_TIMEOUT);
    expect(within(pagination()).getByRole('link', { name: 'Go to last page' })).toHaveAttribute(
      'href',
      `/dashboard/unit?page=${studios / 10}`,
    );
    expect(screen.queryByText(/more than/)).toBeNull();
  });
});
