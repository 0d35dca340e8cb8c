// The Reports page through the real App: "Loading Reports..." until the list is in, then each report's
// name and viewer — built-in charts with titles, legends and totals, an error entry, an empty state —
// and only for users with the permission.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  freshPage,
  location,
  makeUser,
  renderApp,
  sessionApi,
  signIn,
  type Handler,
  type Reply,
} from './shell-harness';
import type { PortfolioData, ReportEntry } from '../../src/pages/reports/types';

const T = { timeout: 10_000 };
const DATA_URL = 'http://olympus.test/api/v1/reports/builtin/r-1/data';
const ADMIN = makeUser({ role: 'admin', permissions: ['users.*', 'reports.access'] });

const builtin: ReportEntry = {
  id: 'r-1',
  name: 'Portfolio overview',
  provider: 'builtin',
  url: DATA_URL,
  token: 'report-token-1',
  expires_at: '2030-01-01T00:00:00Z',
};
const broken: ReportEntry = {
  id: 'r-2',
  name: 'Rent roll',
  provider: 'powerbi',
  url: '',
  token: '',
  expires_at: null,
  error: 'Power BI is unavailable (HTTP 500). Please try again later.',
};

export const PORTFOLIO: PortfolioData = {
  title: 'Portfolio overview',
  company: { id: 'c-acme', name: 'Acme Lettings' },
  generated_at: '2026-03-05T10:15:00Z',
  totals: { properties: 3, units: 5, let_units: 3, occupancy: 60 },
  charts: [
    {
      id: 'units_by_status',
      type: 'bar',
      title: 'Units by status per property',
      stacked: true,
      categories: ['Alpha House', 'Beta Court', 'Gamma Lofts'],
      series: [
        { key: 'Let', label: 'Let', data: [2, 1, 0] },
        { key: 'Available', label: 'Available', data: [1, 0, 0] },
        { key: 'Maintenance', label: 'Maintenance', data: [0, 1, 0] },
      ],
    },
    {
      id: 'units_by_type',
      type: 'pie',
      title: 'Units by type',
      slices: [
        { key: 'Flat', label: 'Flat', value: 3 },
        { key: 'House', label: 'House', value: 1 },
        { key: 'Studio', label: 'Studio', value: 1 },
      ],
    },
    {
      id: 'bedroom_mix',
      type: 'bar',
      title: 'Bedroom mix',
      stacked: false,
      categories: ['0', '1', '2', '3'],
      series: [{ key: 'units', label: 'Units', data: [1, 1, 2, 1] }],
    },
    {
      id: 'properties_by_city',
      type: 'bar',
      title: 'Properties by city',
      stacked: false,
      categories: ['Leeds', 'York'],
      series: [{ key: 'properties', label: 'Properties', data: [2, 1] }],
    },
  ],
};

const list = (...urls: ReportEntry[]): Reply => ({ status: 200, body: { data: { urls } } });

function openReports(routes: Record<string, Handler>, user = ADMIN) {
  signIn(user);
  const api = sessionApi(user, routes);
  const view = renderApp('/dashboard/reports');
  return { api, ...view };
}

describe('Reports page', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows "Loading Reports..." until the list is in, then each report with its name, totals and charts', async () => {
    let answer!: (r: Reply) => void;
    const { api } = openReports({
      'GET /api/v1/reports': () => new Promise<Reply>((r) => (answer = r)),
      'GET /api/v1/reports/builtin/r-1/data': { status: 200, body: { data: PORTFOLIO } },
    });
    expect(await screen.findByText('Loading Reports...', {}, T)).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeTypeOf('function'), T);
    await act(async () => answer(list(builtin)));

    expect(await screen.findByRole('heading', { level: 2, name: 'Portfolio overview' }, T)).toBeInTheDocument();
    expect(screen.queryByText('Loading Reports...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByText('Company: Acme Lettings')).toBeInTheDocument();

    // Headline totals.
    expect(await screen.findByText('Occupancy', {}, T)).toBeInTheDocument();
    expect(screen.getByText('60.0%')).toBeInTheDocument();
    expect(screen.getByText('Let units')).toBeInTheDocument();

    // One titled figure per chart, with legends where there are several series.
    for (const title of ['Units by status per property', 'Units by type', 'Bedroom mix', 'Properties by city']) {
      expect(screen.getByRole('figure', { name: title })).toBeInTheDocument();
    }
    const status = screen.getByRole('figure', { name: 'Units by status per property' });
    await waitFor(() => expect(within(status).getByText('Maintenance')).toBeInTheDocument(), T);
    expect(within(status).getByText('Let')).toBeInTheDocument();
    const types = screen.getByRole('figure', { name: 'Units by type' });
    expect(within(types).getByText('Flat')).toBeInTheDocument();
    expect(status.querySelector('svg')).not.toBeNull();

    // The data call carries the report token, never the session token or the company header.
    const [dataCall] = api.called('GET /api/v1/reports/builtin/r-1/data');
    expect(dataCall.url).toBe(DATA_URL);
    expect(dataCall.headers.Authorization).toBe('Bearer report-token-1');
    expect(dataCall.headers['X-Tenant']).toBeUndefined();
    expect(api.called('GET /api/v1/reports')[0].headers['X-Tenant']).toBe('c-acme');
  });

  it("shows a report's error in place of its viewer, while the others still work", async () => {
    openReports({
      'GET /api/v1/reports': list(builtin, broken),
      'GET /api/v1/reports/builtin/r-1/data': { status: 200, body: { data: PORTFOLIO } },
    });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Rent roll' }, T)).closest('section')!;
    expect(
      within(section).getByText('Power BI is unavailable (HTTP 500). Please try again later.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Power BI')).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: 'Units by type' }, T)).toBeInTheDocument();
  });

  it('shows an empty state when the company has no units', async () => {
    const empty: PortfolioData = {
      ...PORTFOLIO,
      totals: { properties: 0, units: 0, let_units: 0, occupancy: null },
      charts: PORTFOLIO.charts.map((c) =>
        c.type === 'pie' ? { ...c, slices: [] } : { ...c, categories: [], series: [] },
      ),
    };
    openReports({
      'GET /api/v1/reports': list(builtin),
      'GET /api/v1/reports/builtin/r-1/data': { status: 200, body: { data: empty } },
    });
    expect(await screen.findByText('No units yet', {}, T)).toBeInTheDocument();
    expect(
      screen.getByText('This company has no units yet. The charts fill in as properties and units are added.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });

  it('says when a company has no reports', async () => {
    openReports({ 'GET /api/v1/reports': list() });
    expect(await screen.findByText('No reports are set up for this company yet.', {}, T)).toBeInTheDocument();
  });

  it("shows the server's message when the data call is refused, and reloads with a new token", async () => {
    let calls = 0;
    const { api } = openReports({
      'GET /api/v1/reports': () => list({ ...builtin, token: `report-token-${++calls}` }),
      'GET /api/v1/reports/builtin/r-1/data': (call) =>
        call.headers.Authorization === 'Bearer report-token-1'
          ? { status: 401, body: { message: 'The report token has expired. Reload the report.' } }
          : { status: 200, body: { data: PORTFOLIO } },
    });
    expect(await screen.findByText('The report token has expired. Reload the report.', {}, T)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload report' }));
    expect(await screen.findByRole('figure', { name: 'Bedroom mix' }, T)).toBeInTheDocument();
    expect(api.called('GET /api/v1/reports')).toHaveLength(2);
  });

  it('says so when the list cannot be loaded', async () => {
    openReports({
      'GET /api/v1/reports': { status: 500, body: { message: 'Internal error. Please try again later.' } },
    });
    expect(await screen.findByText('Internal error. Please try again later.', {}, T)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends a user without the permission to the dashboard', async () => {
    const staff = makeUser({ role: 'system_user', permissions: ['systems.redirect'] });
    const { api, router } = openReports({ 'GET /api/v1/reports': list(builtin) }, staff);
    await waitFor(() => expect(location(router)).toBe('/dashboard'), T);
    expect(api.called('GET /api/v1/reports')).toEqual([]);
  });
});
