// A list's declared filters in the browser (docs/resources.md "Filters"), on the real units screen
// (contract/resources/units.ts declares them): the bar shows an input per filter, labelled by its
// field; a change goes into the address beside ?page (page 1 again) and into the API request; a
// reload keeps it; the search box and the CSV export work on the filtered list; "Clear filters"
// empties it; a phone gets a "Filters" button opening a drawer instead of the bar.
import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Unit } from '../../contract/types';
import { freshPage, location, type ApiCall } from './shell-harness';
import { LOAD_TIMEOUT, captureCsv, firstCells, listReply, ok, openList, propertyRow, unitRow } from './list-harness';
import { phoneScreen } from './phone-screen';

const UNITS: Unit[] = [
  unitRow(1, { name: 'Flat 1', unit_type: 'Flat', furnished: true, bedrooms: 1 }),
  unitRow(2, { name: 'Studio 2', unit_type: 'Studio', furnished: false, bedrooms: 0 }),
  unitRow(3, {
    name: 'House 3',
    unit_type: 'House',
    furnished: true,
    bedrooms: 3,
    property_id: 'p-2',
    property: { uuid: 'p-2', name: 'Anchor Point' },
  }),
  unitRow(4, { name: 'Studio 4', unit_type: 'Studio', furnished: true, bedrooms: 1 }),
];
const PROPERTIES = [propertyRow(1, { name: 'Harbour View' }), propertyRow(2, { name: 'Anchor Point' })];

/** GET /units as the API filters it (then searched, sorted and paged by the shared stub). */
const filteredUnits = (call: ApiCall): Unit[] => {
  const p = new URLSearchParams(call.search);
  const types = p.getAll('unit_type');
  return UNITS.filter(
    (u) =>
      (types.length === 0 || types.includes(u.unit_type ?? '')) &&
      (!p.has('property_id') || u.property_id === p.get('property_id')) &&
      (!p.has('furnished') || String(u.furnished) === p.get('furnished')) &&
      (!p.has('bedrooms_min') || (u.bedrooms ?? 0) >= Number(p.get('bedrooms_min'))),
  );
};

/**
 * Runs user events as a browser does: not inside act(), which renders everything (the router's
 * transition to the new address too) before the next event. Here a second click may come before the
 * address shows the first.
 */
async function asInBrowser(run: () => Promise<void>) {
  const { eventWrapper, asyncWrapper } = getConfig();
  configure({ eventWrapper: (cb) => cb(), asyncWrapper: (cb) => cb() });
  try {
    await run();
  } finally {
    configure({ eventWrapper, asyncWrapper });
  }
}

function openUnits(url = '/dashboard/unit') {
  return openList(url, {
    'GET /api/v1/units': listReply(filteredUnits),
    'GET /api/v1/properties': () => ok(PROPERTIES),
  });
}
const unitCalls = (view: ReturnType<typeof openUnits>) => view.api.called('GET /api/v1/units').map((c) => c.search);
const combobox = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

describe('declared list filters', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('the bar shows an input per declared filter, labelled by its field', async () => {
    openUnits();
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    const bar = screen.getByRole('group', { name: 'Filters' });
    expect(within(bar).getAllByRole('combobox')).toHaveLength(4);
    for (const name of ['Unit Type', 'Unit status', 'Property', 'Furnished'])
      expect(within(bar).getByRole('combobox', { name: new RegExp(`^${name}`) })).toHaveTextContent('Any');
    expect(within(bar).getByRole('spinbutton', { name: 'Bedrooms from' })).toBeInTheDocument();
    expect(within(bar).getByRole('spinbutton', { name: 'Bedrooms to' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });

  it('choosing a value puts it in the address (page 1 again) and the request, and narrows the rows', async () => {
    const user = userEvent.setup();
    const view = openUnits('/dashboard/unit?page=2');
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await user.click(combobox('Unit Type'));
    await user.click(await screen.findByRole('option', { name: 'Studio' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location(view.router)).toBe('/dashboard/unit?unit_type=Studio'));
    await waitFor(() => expect(unitCalls(view)).toContainEqual(expect.stringMatching(/[?&]unit_type=Studio(&|$)/)));
    await waitFor(() => expect(firstCells()).toEqual(['Studio 2', 'Studio 4']));
    expect(combobox('Unit Type')).toHaveTextContent('Studio');

    await user.click(combobox('Furnished'));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await waitFor(() => expect(location(view.router)).toBe('/dashboard/unit?unit_type=Studio&furnished=true'));
    await waitFor(() => expect(firstCells()).toEqual(['Studio 4']));

    await user.click(combobox('Property'));
    await user.click(await screen.findByRole('option', { name: 'Harbour View' }));
    await waitFor(() =>
      expect(location(view.router)).toBe('/dashboard/unit?unit_type=Studio&property_id=p-1&furnished=true'),
    );
    await waitFor(() => expect(unitCalls(view)).toContain('?unit_type=Studio&property_id=p-1&furnished=true'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location(view.router)).toBe('/dashboard/unit'));
    await waitFor(() => expect(firstCells()).toEqual(['Flat 1', 'Studio 2', 'House 3', 'Studio 4']));
  });

  it('several choices repeat the parameter; a number range goes as {field}_min', async () => {
    const user = userEvent.setup();
    const view = openUnits();
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await user.click(combobox('Unit Type'));
    await user.click(await screen.findByRole('option', { name: 'Flat' }));
    await user.click(await screen.findByRole('option', { name: 'House' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location(view.router)).toBe('/dashboard/unit?unit_type=Flat&unit_type=House'));
    await user.type(screen.getByRole('spinbutton', { name: 'Bedrooms from' }), '2');
    await waitFor(() =>
      expect(location(view.router)).toBe('/dashboard/unit?unit_type=Flat&unit_type=House&bedrooms_min=2'),
    );
    await waitFor(() => expect(unitCalls(view)).toContain('?unit_type=Flat&unit_type=House&bedrooms_min=2'));
    await waitFor(() => expect(firstCells()).toEqual(['House 3']));
  });

  it('two quick clicks in a multi-select, before the address shows the first, keep both choices', async () => {
    const user = userEvent.setup({ delay: null });
    const view = openUnits();
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await user.click(combobox('Unit Type'));
    const flat = await screen.findByRole('option', { name: 'Flat' });
    const house = screen.getByRole('option', { name: 'House' });
    await asInBrowser(async () => {
      await user.click(flat);
      await user.click(house);
    });
    await waitFor(() => expect(location(view.router)).toBe('/dashboard/unit?unit_type=Flat&unit_type=House'));
    await waitFor(() => expect(unitCalls(view).at(-1)).toBe('?unit_type=Flat&unit_type=House'));
    await waitFor(() => expect(firstCells()).toEqual(['Flat 1', 'House 3']));
    expect(screen.getByRole('option', { name: 'Flat' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'House' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a range whose "to" is below its "from" says so under the "to" box, until mended', async () => {
    const user = userEvent.setup();
    openUnits('/dashboard/unit?bedrooms_min=3&bedrooms_max=1');
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    const to = screen.getByRole('spinbutton', { name: 'Bedrooms to' });
    expect(to).toHaveAccessibleDescription('Must not be less than Bedrooms from');
    expect(to).toBeInvalid();
    await user.clear(to);
    await user.type(to, '4');
    await waitFor(() => expect(to).not.toBeInvalid());
    expect(screen.queryByText('Must not be less than Bedrooms from')).not.toBeInTheDocument();
  });

  it('an address with filters (a reload, a link) asks the API filtered at once and shows them chosen', async () => {
    const view = openUnits('/dashboard/unit?unit_type=Studio&furnished=true&unit_status=Nonsense');
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await waitFor(() => expect(firstCells()).toEqual(['Studio 4']));
    // A value that is not among the options is never sent. Parameters follow the declaration's order.
    expect(
      unitCalls(view).every(
        (s) => s.includes('unit_type=Studio') && s.includes('furnished=true') && !s.includes('Nonsense'),
      ),
    ).toBe(true);
    expect(combobox('Unit Type')).toHaveTextContent('Studio');
    expect(combobox('Furnished')).toHaveTextContent('Yes');
    expect(combobox('Unit status')).toHaveTextContent('Any');
  });

  it('the search box searches the filtered list, and the CSV holds what is filtered and searched', async () => {
    const user = userEvent.setup();
    const { blobs, downloads } = captureCsv();
    openUnits('/dashboard/unit?furnished=true');
    await screen.findByRole('table', {}, LOAD_TIMEOUT);
    await waitFor(() => expect(firstCells()).toEqual(['Flat 1', 'House 3', 'Studio 4']));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Studio');
    await waitFor(() => expect(firstCells()).toEqual(['Studio 4']));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(downloads).toEqual(['units.csv']);
    const lines = (await blobs[0].text()).split('\n');
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^Studio 4,Studio,Harbour View,1,1$/)]);
  });
});

describe('declared list filters on a phone', () => {
  beforeEach(() => {
    freshPage();
    phoneScreen();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a "Filters" button opens a drawer with the inputs; the button counts the filters set', async () => {
    const user = userEvent.setup();
    const view = openUnits();
    await screen.findByRole('list', { name: 'Units' }, LOAD_TIMEOUT);
    expect(screen.queryByRole('group', { name: 'Filters' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Unit Type/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(drawer).getByRole('combobox', { name: /^Furnished/ }));
    await user.click(await screen.findByRole('option', { name: 'No' }));
    await waitFor(() => expect(location(view.router)).toBe('/dashboard/unit?furnished=false'));
    await user.click(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    await waitFor(() => expect(unitCalls(view)).toContain('?furnished=false'));
  });
});
