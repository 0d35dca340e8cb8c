// The built-in Occupancy report on the Reports page (docs/resources.md "Occupancy"): the totals as at
// a day as cards, occupancy by month with a text alternative, the sortable table per property, the
// units void today longest first linking to the unit, and the server's message for a refused day.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage, makeUser, renderApp, sessionApi, signIn, type Handler } from './shell-harness';
import type { OccupancyData, OccupancySeries, VoidsData } from '../../contract/occupancy';
import { addDays, firstOfMonth, todayUtc } from '../../contract/dates';
import { unitResource } from '../../contract/resources/units';
import { reports } from '../../src/i18n/en/reports';

const T = { timeout: 30_000 };
const ADMIN = makeUser({ role: 'admin', permissions: ['units.*', 'reports.access'] });
const TEXT = reports.occupancy;
const today = todayUtc();

const counts = (units: number, lets: number, voids: number, notLettable: number) => ({
  units,
  let: lets,
  void: voids,
  not_lettable: notLettable,
  occupancy_pct: Math.round((lets / (units - notLettable)) * 1000) / 10,
});
const OCCUPANCY: OccupancyData = {
  as_at: today,
  totals: counts(9, 6, 2, 1),
  properties: [
    { id: 'p-b', name: 'Beta Court', ...counts(4, 1, 2, 1) },
    { id: 'p-a', name: 'Alpha House', ...counts(5, 5, 0, 0) },
  ],
};
const SERIES: OccupancySeries = {
  from: firstOfMonth(today, -11),
  to: today,
  step: 'month',
  points: Array.from({ length: 12 }, (_, i) => ({
    as_at: firstOfMonth(today, i - 11),
    ...counts(10, 5 + (i % 2), 4 - (i % 2), 1),
  })),
};
const VOIDS: VoidsData = {
  from: today,
  to: today,
  periods: 2,
  average_days: 1,
  longest_days: 1,
  void_days: 2,
  units: [
    { id: 'u-short', name: 'Flat 2', property: 'Beta Court', void_days: 1, current_void_since: addDays(today, -3) },
    { id: 'u-long', name: 'Flat 7', property: 'Beta Court', void_days: 1, current_void_since: addDays(today, -40) },
  ],
};

function openOccupancy(routes: Record<string, Handler> = {}) {
  signIn(ADMIN);
  const api = sessionApi(ADMIN, {
    'GET /api/v1/reports': { status: 200, body: { data: { urls: [] } } },
    'GET /api/v1/reports/occupancy': { status: 200, body: { data: OCCUPANCY } },
    'GET /api/v1/reports/occupancy/series': { status: 200, body: { data: SERIES } },
    'GET /api/v1/reports/voids': { status: 200, body: { data: VOIDS } },
    ...routes,
  });
  renderApp('/dashboard/reports?view=occupancy');
  return api;
}

describe('the Occupancy report', () => {
  beforeEach(freshPage);
  afterEach(() => vi.unstubAllGlobals());

  it(
    'shows the totals as cards, the month chart with its table, and the properties sortable',
    { timeout: 60_000 },
    async () => {
      const api = openOccupancy();
      expect(await screen.findByRole('heading', { level: 2, name: TEXT.title }, T)).toBeInTheDocument();
      expect(await screen.findByText('75.0%', {}, T)).toBeInTheDocument();
      expect(api.called('GET /api/v1/reports/occupancy')[0].search).toBe(`?as_at=${today}`);
      expect(api.called('GET /api/v1/reports/occupancy')[0].headers['X-Tenant']).toBe('c-acme');

      const chart = screen.getByRole('figure', { name: TEXT.chart_title });
      const alt = within(chart).getByRole('table', { name: TEXT.chart_alt });
      expect(within(alt).getAllByRole('row')).toHaveLength(SERIES.points.length + 1);

      const table = screen.getByRole('table', { name: TEXT.by_property });
      const names = () =>
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getAllByRole('cell')[0].textContent);
      expect(names()).toEqual(['Alpha House', 'Beta Court']);
      await userEvent.click(within(table).getByRole('button', { name: TEXT.void }));
      expect(names()).toEqual(['Beta Court', 'Alpha House']);
      expect(within(table).getByText('33.3%')).toBeInTheDocument();
    },
  );

  it('lists the units void today longest first, with since when and how many days, each linking to the unit', async () => {
    openOccupancy();
    const table = await screen.findByRole('table', { name: TEXT.voids_title }, T);
    await waitFor(() => expect(within(table).getAllByRole('link')).toHaveLength(2), T);
    const links = within(table).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Flat 7', 'Flat 2']);
    expect(links[0]).toHaveAttribute('href', `/dashboard/${unitResource.spa}/u-long`);
    const first = within(table).getAllByRole('row')[1];
    expect(within(first).getAllByRole('cell').at(-1)?.textContent).toBe('41');
  });

  it("shows the server's message when the day is refused", async () => {
    const message = "The as at date is before the company's first unit (2025-01-01).";
    openOccupancy({
      'GET /api/v1/reports/occupancy': { status: 422, body: { message, errors: { as_at: [message] } } },
    });
    expect(await screen.findByText(TEXT.failed.replace('%{message}', message), {}, T)).toBeInTheDocument();
  });
});
