// A resource declared only in the test tree (declared-gadgets.ts) gets working screens from the same
// generator as units and properties (src/declared/declared.tsx), with no code or text of its own.
// It proves: the declaration alone gives the API path (/dashboard/gadget → /api/v1/gadgets), the
// catalogue texts (title, create, search, headings, row actions, form titles and buttons), the list's
// columns (a reference by its name, a number right-aligned), which columns sort (list.sort), what the
// search box matches (list.searchBox, in the browser and as q_in past CLIENT_LIST_MAX), paging, the
// CSV, and the create and edit screens over the server's form.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_LIST_MAX } from '../../contract/lists';
import { freshPage, location } from './shell-harness';
import {
  LOAD_TIMEOUT,
  captureCsv,
  firstCells,
  listCalls,
  listReply,
  openList,
  rowOf,
  dataCells,
  dataHeaders,
} from './list-harness';
import { gadgetRow } from './declared-gadgets';

// The test's declaration joins the declared resources, as its one line in contract/resources/index.ts
// would: the registry, API path, search box and texts all follow from that.
vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { gadgetResource } = await import('./declared-gadgets');
  return { ...real, DECLARED_RESOURCES: [...real.DECLARED_RESOURCES, gadgetResource] };
});

const API = '/api/v1/gadgets';
const GADGETS = Array.from({ length: 12 }, (_, i) => gadgetRow(i + 1));
const headers = () => dataHeaders().map((h) => h.textContent);
const sortButton = (i: number) => within(dataHeaders()[i]).queryByRole('button');
const searchbox = () => screen.getByRole('searchbox', { name: 'Search' });

async function openGadgets(
  rows: object[] | ((call: Parameters<ReturnType<typeof listReply>>[0]) => object[]) = GADGETS,
  extra = {},
) {
  const view = openList('/dashboard/gadget', { [`GET ${API}`]: listReply(rows), ...extra });
  await screen.findByRole('table', {}, LOAD_TIMEOUT);
  return view;
}

describe('a resource declared only in the test tree', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('list: derived texts, columns (reference by name, number right-aligned), company line and row links', async () => {
    const { api } = await openGadgets();
    expect(screen.getByRole('heading', { level: 1, name: 'Gadgets' })).toBeInTheDocument();
    expect(screen.getByText('Company: Acme Lettings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a Gadget' })).toHaveAttribute('href', '/dashboard/gadget/create');
    expect(searchbox()).toHaveAttribute('placeholder', 'Search Gadgets');
    expect(headers()).toEqual(['Gadget name', 'Colour', 'Owner', 'Weight', 'Actions']);
    const cells = dataCells(rowOf('Gadget 03'));
    expect(cells.slice(0, 4).map((td) => td.textContent)).toEqual(['Gadget 03', 'Red', 'Harbour View', '21']);
    expect(getComputedStyle(cells[3]).textAlign).toBe('right');
    expect(within(rowOf('Gadget 03')).getByRole('link', { name: 'Edit Gadget' })).toHaveAttribute(
      'href',
      '/dashboard/gadget/g-3/edit',
    );
    expect(within(rowOf('Gadget 03')).getByRole('button', { name: 'Remove Gadget' })).toBeInTheDocument();
    await waitFor(() => expect(api.called(`GET ${API}`).map((c) => c.search)).toEqual(['?page=1&per_page=10', '']));
    expect(document.body.textContent).not.toMatch(/(olympus|resources)\.[a-z_]+\./);
  });

  it('pages 10 to a page and sorts only the columns list.sort names: text without case, numbers by value, references by name', async () => {
    const user = userEvent.setup();
    const view = await openGadgets();
    await view.loadedWhole(API);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to page 2' }));
    expect(location(view.router)).toBe('/dashboard/gadget?page=2');
    expect(firstCells()).toEqual(['Gadget 11', 'Gadget 12']);
    await user.click(screen.getByRole('link', { name: 'Go to page 1' }));

    expect(sortButton(1)).toBeNull(); // colour: not in list.sort
    await user.click(sortButton(3)!); // weight
    const byWeight = [...GADGETS]
      .sort((a, b) => a.weight - b.weight)
      .slice(0, 10)
      .map((g) => g.name);
    expect(firstCells()).toEqual(byWeight);
    await user.click(sortButton(2)!); // owner: by the nested name
    expect(firstCells().slice(0, 6)).toEqual([
      'Gadget 02',
      'Gadget 04',
      'Gadget 06',
      'Gadget 08',
      'Gadget 10',
      'Gadget 12',
    ]);
  });

  it('the search box matches list.searchBox (colour) only, in the browser', async () => {
    const user = userEvent.setup();
    const view = await openGadgets([
      gadgetRow(1, { name: 'Blue Moon', colour: 'Red' }),
      gadgetRow(2, { name: 'Kettle', colour: 'Blue' }),
    ]);
    await view.loadedWhole(API);
    await user.type(searchbox(), 'blue');
    expect(firstCells()).toEqual(['Kettle']);
  });

  it('past CLIENT_LIST_MAX the search asks the API with q_in = list.searchBox', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: CLIENT_LIST_MAX + 1 }, (_, i) => gadgetRow(i + 1));
    const view = await openGadgets(many);
    await user.type(searchbox(), 'green');
    await waitFor(() =>
      expect(listCalls(view.api, API).at(-1)).toMatchObject({ page: 1, perPage: 10, q: 'green', qIn: 'colour' }),
    );
  });

  it('exports the columns as CSV, named after the API resource', async () => {
    const user = userEvent.setup();
    const { blobs, downloads } = captureCsv();
    const view = await openGadgets(GADGETS.slice(0, 2));
    await view.loadedWhole(API);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(downloads).toEqual(['gadgets.csv']);
    expect((await blobs[0].text()).split('\n')).toEqual([
      'Gadget name,Colour,Owner,Weight',
      'Gadget 01,Blue,Harbour View,7',
      'Gadget 02,Green,Anchor Point,14',
    ]);
  });

  const FORM = [
    { group: 'Gadget', fields: [{ name: 'name', label: 'Gadget name', type: 'text', required: true, value: '' }] },
  ];

  it('create: the server form at /dashboard/gadget/create, POST /api/v1/gadgets, back to the list', async () => {
    const user = userEvent.setup();
    const { api, router } = openList('/dashboard/gadget/create', {
      [`GET ${API}/create`]: { status: 200, body: { data: {}, fields: FORM } },
      [`POST ${API}`]: { status: 201, body: { data: { message: 'The gadget has been created', uuid: 'g-new' } } },
      [`GET ${API}`]: listReply([]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a Gadget' }, LOAD_TIMEOUT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Gadgets' })).toHaveAttribute('href', '/dashboard/gadget');
    expect(screen.getByText('Company: Acme Lettings')).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: 'Gadget name' }), 'Kettle');
    await user.click(screen.getByRole('button', { name: 'Create Gadget' }));
    expect(await screen.findByText('The gadget has been created. Redirecting...')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST' && c.path.startsWith(API))).toEqual([
      expect.objectContaining({ path: API, body: { name: 'Kettle' } }),
    ]);
    await waitFor(() => expect(location(router)).toBe('/dashboard/gadget'), LOAD_TIMEOUT);
  });

  it('edit: the filled-in form at /dashboard/gadget/{id}/edit, PUT /api/v1/gadgets/{id}, and its failure line', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const filled = [{ group: 'Gadget', fields: [{ ...FORM[0].fields[0], value: 'Kettle' }] }];
    const { api } = openList('/dashboard/gadget/g-1/edit', {
      [`GET ${API}/g-1/edit`]: {
        status: 200,
        body: { data: { uuid: 'g-1', id: 'g-1', name: 'Kettle' }, fields: filled },
      },
      [`PUT ${API}/g-1`]: { status: 500, body: { message: 'Server Error' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Gadget' }, LOAD_TIMEOUT)).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Gadget name' })).toHaveValue('Kettle');
    await act(() => user.click(screen.getByRole('button', { name: 'Update Gadget' })));
    expect(await screen.findByText(/Could not update the gadget/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: `${API}/g-1`, body: { name: 'Kettle' } }),
    ]);
  });
});
