// A list screen asks the API for the page it shows first. A small list (meta.total
// ≤ CLIENT_LIST_MAX) is then loaded whole once and searched, sorted and paged in the browser;
// past the threshold every search, sort, page and page size goes to the API as page, per_page, sort,
// q and q_in — with the same URL and screens. Stubbed at the HTTP boundary like the other list tests.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_LIST_MAX } from '../../contract/lists';
import { freshPage, location, makeUser, type ApiCall } from './shell-harness';
import {
  LOAD_TIMEOUT,
  captureCsv,
  companyRow,
  firstCells,
  listCalls,
  listParams,
  listReply,
  openList,
  unitRow,
  userRow,
  dataHeaders,
} from './list-harness';

const UNITS = '/api/v1/units';
const TYPES = ['Flat', 'House', 'Studio'];
const pad = (n: number) => String(n).padStart(4, '0');
/** Units "Unit 0001"… in the API's default order, their types taking turns. */
const manyUnits = (count: number) =>
  Array.from({ length: count }, (_, i) => unitRow(i + 1, { name: `Unit ${pad(i + 1)}`, unit_type: TYPES[i % 3] }));
const BIG = CLIENT_LIST_MAX + 500;

const searchbox = () => screen.getByRole('searchbox', { name: 'Search' });
const nameHeader = () => within(dataHeaders()[0]).getByRole('button');
const lastCall = (api: Parameters<typeof listCalls>[0]) => listCalls(api, UNITS).at(-1);

async function openUnits(
  rows: ReturnType<typeof manyUnits>,
  url = '/dashboard/unit',
  extra: Parameters<typeof openList>[1] = {},
) {
  const view = openList(url, { [`GET ${UNITS}`]: listReply(rows), ...extra });
  await screen.findByRole('table', {}, LOAD_TIMEOUT);
  return view;
}

/** Waits until nothing is loading (the stubbed API answers at once). */
const idle = (view: { queryClient: { isFetching: () => number } }) =>
  waitFor(() => expect(view.queryClient.isFetching()).toBe(0), LOAD_TIMEOUT);

describe('list paging modes', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('small list: one page call, then the whole list once; search, sort and paging then stay in the browser', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 95 }, (_, i) =>
      companyRow(i + 1, { name: `Company ${String(i + 1).padStart(2, '0')}` }),
    );
    const view = openList('/dashboard/company', { 'GET /api/v1/companies': listReply(rows) });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await view.loadedWhole('/api/v1/companies');
    expect(view.api.called('GET /api/v1/companies').map((c) => c.search)).toEqual(['?page=1&per_page=10', '']);

    await user.type(searchbox(), 'company 9');
    expect(firstCells()).toEqual(['Company 90', 'Company 91', 'Company 92', 'Company 93', 'Company 94', 'Company 95']);
    await user.click(nameHeader());
    await user.click(nameHeader());
    expect(firstCells()[0]).toBe('Company 95');
    await user.clear(searchbox());
    await user.click(screen.getByRole('link', { name: 'Go to page 2' }));
    expect(location(view.router)).toBe('/dashboard/company?page=2');
    expect(firstCells()[0]).toBe('Company 85');
    await user.click(screen.getByRole('combobox', { name: 'Results per page' }));
    await user.click(screen.getByRole('option', { name: '20' }));
    expect(firstCells()).toHaveLength(20);

    expect(view.api.called('GET /api/v1/companies')).toHaveLength(2);
  });

  it('small list visited again: shows the copy kept from the last visit at once and refreshes it whole', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => companyRow(i + 1));
    const view = openList('/dashboard/company', { 'GET /api/v1/companies': listReply(rows) });
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await view.loadedWhole('/api/v1/companies');
    await act(() => view.router.navigate('/dashboard'));
    await screen.findByRole('heading', { name: /Welcome/ }, LOAD_TIMEOUT);
    rows[0] = companyRow(1, { name: 'Renamed Company' });
    await act(() => view.router.navigate('/dashboard/company'));
    expect(await screen.findByRole('table', {}, LOAD_TIMEOUT)).toBeInTheDocument();
    await waitFor(() => expect(firstCells()[0]).toBe('Renamed Company'));
    expect(view.api.called('GET /api/v1/companies').map((c) => c.search)).toEqual(['?page=1&per_page=10', '', '']);
  });

  it(`big list (more than ${CLIENT_LIST_MAX}): shows the first page and never loads the whole list`, async () => {
    const view = await openUnits(manyUnits(BIG));
    await idle(view);
    expect(listCalls(view.api, UNITS)).toEqual([
      expect.objectContaining({ paged: true, page: 1, perPage: 10, sort: null, q: null }),
    ]);
    expect(firstCells()).toEqual(Array.from({ length: 10 }, (_, i) => `Unit ${pad(i + 1)}`));
    expect(screen.getByText(`1–10 of ${BIG}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to last page' })).toHaveAttribute(
      'href',
      `/dashboard/unit?page=${BIG / 10}`,
    );
  });

  it('big list: search, sort, page and page size each ask the API and show its answer', async () => {
    const user = userEvent.setup();
    const view = await openUnits(manyUnits(BIG));
    const studios = manyUnits(BIG).filter((u) => u.unit_type === 'Studio');

    await user.type(searchbox(), 'STU');
    await waitFor(() =>
      expect(lastCall(view.api)).toMatchObject({ page: 1, perPage: 10, q: 'STU', qIn: 'unit_type', sort: null }),
    );
    await waitFor(() => expect(firstCells()).toEqual(studios.slice(0, 10).map((u) => u.name)));
    expect(screen.getByText(`1–10 of ${studios.length}`)).toBeInTheDocument();

    await user.click(nameHeader());
    await waitFor(() =>
      expect(lastCall(view.api)).toMatchObject({ page: 1, sort: 'name:asc', q: 'STU', qIn: 'unit_type' }),
    );
    await user.click(nameHeader());
    await waitFor(() => expect(lastCall(view.api)).toMatchObject({ page: 1, sort: 'name:desc', q: 'STU' }));
    const descending = [...studios].reverse();
    await waitFor(() => expect(firstCells()).toEqual(descending.slice(0, 10).map((u) => u.name)));

    await user.click(screen.getByRole('link', { name: 'Go to page 2' }));
    expect(location(view.router)).toBe('/dashboard/unit?page=2');
    await waitFor(() =>
      expect(lastCall(view.api)).toMatchObject({ page: 2, perPage: 10, sort: 'name:desc', q: 'STU' }),
    );
    await waitFor(() => expect(firstCells()).toEqual(descending.slice(10, 20).map((u) => u.name)));
    expect(screen.getByText(`11–20 of ${studios.length}`)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Results per page' }));
    await user.click(screen.getByRole('option', { name: '30' }));
    await waitFor(() => expect(location(view.router)).toBe('/dashboard/unit'));
    await waitFor(() =>
      expect(lastCall(view.api)).toMatchObject({ page: 1, perPage: 30, sort: 'name:desc', q: 'STU' }),
    );
    await waitFor(() => expect(firstCells()).toEqual(descending.slice(0, 30).map((u) => u.name)));

    await idle(view);
    expect(listCalls(view.api, UNITS).every((c) => c.paged)).toBe(true);
  });

  /** The units list over a stubbed API whose answers wait while `hold()` is in force. */
  async function openHeldUnits(rows: ReturnType<typeof manyUnits>) {
    const answer = listReply(rows);
    let gate = Promise.resolve();
    let release: () => void = () => {};
    const view = await openUnits(rows, '/dashboard/unit', {
      [`GET ${UNITS}`]: async (call: ApiCall) => {
        await gate;
        return answer(call);
      },
    });
    const hold = () => {
      gate = new Promise<void>((resolve) => (release = resolve));
    };
    return { ...view, hold, release: () => act(async () => release()) };
  }

  it('big list: keeps the rows on screen with a progress bar while the next page loads, cancelling a superseded one', async () => {
    const user = userEvent.setup();
    const view = await openHeldUnits(manyUnits(BIG));
    view.hold();
    await user.click(screen.getByRole('link', { name: 'Go to page 2' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading results' })).toBeInTheDocument();
    expect(firstCells()[0]).toBe('Unit 0001');
    await user.click(screen.getByRole('link', { name: 'Go to page 3' }));
    await waitFor(() => expect(lastCall(view.api)).toMatchObject({ page: 3 }));
    const page2 = view.api.called(`GET ${UNITS}`).find((c) => listParams(c).page === 2);
    await waitFor(() => expect(page2?.signal?.aborted).toBe(true));
    await view.release();
    await waitFor(() => expect(firstCells()[0]).toBe('Unit 0021'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('big list: keys typed while a search is answered wait for it, then only the latest text is sent', async () => {
    const user = userEvent.setup();
    const view = await openHeldUnits(manyUnits(BIG));
    view.hold();
    await user.type(searchbox(), 'h');
    await waitFor(() => expect(lastCall(view.api)).toMatchObject({ q: 'h' }));
    await user.type(searchbox(), 'ou');
    expect(searchbox()).toHaveValue('hou');
    expect(listCalls(view.api, UNITS).map((c) => c.q)).toEqual([null, 'h']);
    await view.release();
    await waitFor(() => expect(listCalls(view.api, UNITS).map((c) => c.q)).toEqual([null, 'h', 'hou']));
    await waitFor(() => expect(firstCells()[0]).toBe('Unit 0002'));
    expect(
      screen.getByText(`1–10 of ${manyUnits(BIG).filter((u) => u.unit_type === 'House').length}`),
    ).toBeInTheDocument();
  });

  it('big list: each keystroke asks for its page itself, before the list renders the term, and once', async () => {
    const user = userEvent.setup();
    const rows = manyUnits(BIG);
    const answer = listReply(rows);
    // How many queries react-query had under way when each request left: none when the keystroke sent it.
    let queries: { isFetching: () => number } | undefined;
    const underWay: number[] = [];
    const view = await openUnits(rows, '/dashboard/unit', {
      [`GET ${UNITS}`]: (call: ApiCall) => {
        underWay.push(queries?.isFetching() ?? -1);
        return answer(call);
      },
    });
    queries = view.queryClient;
    await idle(view);
    const before = underWay.length;
    for (const key of ['h', 'o']) {
      await user.type(searchbox(), key);
      await idle(view);
    }
    expect(listCalls(view.api, UNITS).map((c) => c.q)).toEqual([null, 'h', 'ho']);
    expect(underWay.slice(before)).toEqual([0, 0]);
    await waitFor(() => expect(firstCells()[0]).toBe('Unit 0002'));
  });

  it('big list: a page past the end shows the last page', async () => {
    const view = await openUnits(manyUnits(BIG), '/dashboard/unit?page=9999');
    await waitFor(() => expect(firstCells()).toEqual(Array.from({ length: 10 }, (_, i) => `Unit ${pad(BIG - 9 + i)}`)));
    expect(listCalls(view.api, UNITS).map((c) => c.page)).toEqual([9999, BIG / 10]);
    expect(screen.getByRole('link', { name: `Go to page ${BIG / 10}` })).toHaveAttribute('aria-current', 'page');
  });

  it('big list: removing a unit asks the API for the page again, refilling it and the total', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const rows = manyUnits(BIG);
    const view = await openUnits(rows, '/dashboard/unit', {
      [`DELETE ${UNITS}/un-3`]: () => {
        rows.splice(2, 1);
        return { status: 200, body: { data: { message: 'The unit has been deleted' } } };
      },
    });
    await idle(view);
    await user.click(
      within(screen.getByRole('row', { name: /Unit 0003/ })).getByRole('button', { name: 'Remove Unit' }),
    );
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The item has been deleted.'));
    await waitFor(() =>
      expect(firstCells()).toEqual([
        'Unit 0001',
        'Unit 0002',
        ...Array.from({ length: 8 }, (_, i) => `Unit ${pad(i + 4)}`),
      ]),
    );
    expect(screen.getByText(`1–10 of ${BIG - 1}`)).toBeInTheDocument();
    const calls = view.api.calls.map((c) => `${c.method} ${c.path}${c.search}`).filter((c) => c.includes(UNITS));
    expect(calls).toEqual([
      `GET ${UNITS}?page=1&per_page=10`,
      `DELETE ${UNITS}/un-3`,
      `GET ${UNITS}?page=1&per_page=10`,
    ]);
  });

  it('big list: exports the searched and sorted rows fetched from the API, unpaged', async () => {
    const user = userEvent.setup();
    const { blobs } = captureCsv();
    const view = await openUnits(manyUnits(BIG));
    await user.type(searchbox(), 'house');
    await user.click(nameHeader());
    await user.click(nameHeader());
    await waitFor(() => expect(lastCall(view.api)).toMatchObject({ sort: 'name:desc', q: 'house' }));
    await idle(view);
    await user.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(lastCall(view.api)).toMatchObject({ paged: false, sort: 'name:desc', q: 'house', qIn: 'unit_type' });
    const houses = manyUnits(BIG)
      .filter((u) => u.unit_type === 'House')
      .reverse();
    const lines = (await blobs[0].text()).split('\n');
    expect(lines[0]).toBe('Unit Name,Unit Type,Property,Bedrooms,Bathrooms');
    expect(lines.slice(1)).toEqual(houses.map((u) => `${u.name},House,Harbour View,2,1`));
  });

  it('"View All Users" works in either mode: the company\'s few users in the browser, all users from the API', async () => {
    const user = userEvent.setup();
    const company = [userRow(1, { name: 'Ada Lovelace' }), userRow(2, { name: 'Grace Hopper' })];
    const everyone = Array.from({ length: BIG }, (_, i) =>
      userRow(i + 1, { name: `User ${pad(i + 1)}`, email: `user${i + 1}@example.com` }),
    );
    const view = openList(
      '/dashboard/users',
      { 'GET /api/v1/users': listReply((call) => (listParams(call).all === 'true' ? everyone : company)) },
      makeUser({ role: 'super_admin' }),
    );
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await view.loadedWhole('/api/v1/users');
    expect(firstCells()).toEqual(['Ada Lovelace', 'Grace Hopper']);

    await user.click(screen.getByRole('button', { name: 'View All Users' }));
    await waitFor(() => expect(firstCells()[0]).toBe('User 0001'));
    expect(screen.getByText(`1–10 of ${BIG}`)).toBeInTheDocument();
    await user.type(searchbox(), 'user2@');
    await waitFor(() =>
      expect(listCalls(view.api, '/api/v1/users').at(-1)).toMatchObject({
        all: 'true',
        paged: true,
        q: 'user2@',
        qIn: 'name,email',
      }),
    );
    await waitFor(() => expect(firstCells()).toEqual(['User 0002']));
    await idle(view);
    // All users never load whole; the company's list did once.
    expect(
      listCalls(view.api, '/api/v1/users')
        .filter((c) => !c.paged)
        .map((c) => c.all),
    ).toEqual([null]);
  });
});
