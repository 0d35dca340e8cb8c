// The compliance screen and the dashboard's "Needs attention" panel through the real App, the API stubbed at the
// HTTP boundary: counts and percentage with links to the filtered lists, the matrix's cells (the status's word, the
// expiry, a link to the certificate or to a new one with property and type), paging and the status filter in the
// address, cards on a phone; the panel only for those who may read compliance, without a request for anyone else.
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
  type ApiCall,
  type Reply,
} from './shell-harness';
import { phoneScreen } from './phone-screen';
import { choiceLabel, type ChoiceField } from '../../contract/resources/declare';
import { certificateResource } from '../../contract/resources/certificates';
import { CERTIFICATE_TYPES, type ComplianceRow } from '../../contract/compliance';
import { MATRIX_PER_PAGE } from '../../src/pages/compliance/CompliancePage';

const T = { timeout: 10_000 };
const statusField = certificateResource.fields.status as ChoiceField;
const word = (s: string) => (s === 'missing' ? 'Missing' : choiceLabel(statusField, s));
const SUMMARY = {
  counts: { expired: 2, due: 1, unproven: 3, valid: 9, missing: 5 },
  required: 20,
  compliance_pct: 45,
};
const ROWS: ComplianceRow[] = [
  {
    property_id: 'p-1',
    property: 'Alpha House',
    cells: [
      { type: 'gas_safety', status: 'expired', expires_on: '2026-01-31', certificate_id: 'c-1' },
      { type: 'epc', status: 'missing', expires_on: null, certificate_id: null },
    ],
  },
  {
    property_id: 'p-2',
    property: 'Beta Flats',
    cells: [{ type: 'hmo_licence', status: 'valid', expires_on: '2029-05-01', certificate_id: 'c-2' }],
  },
];

function api(user = makeUser({ role: 'admin', permissions: ['compliance.*', 'systems.redirect'] })) {
  signIn(user);
  return sessionApi(user, {
    'GET /api/v1/compliance/summary': { status: 200, body: { data: SUMMARY } },
    'GET /api/v1/compliance/matrix': (call: ApiCall) => {
      const page = Number(new URLSearchParams(call.search).get('page') ?? 1);
      return {
        status: 200,
        body: { data: page === 1 ? ROWS : [], meta: { total: 30, page, per_page: MATRIX_PER_PAGE } },
      };
    },
  });
}

describe('the compliance screen', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('counts each status with a link to its list, and the percentage', async () => {
    api();
    renderApp('/dashboard/compliance');
    await screen.findByRole('heading', { level: 1, name: 'Compliance' }, T);
    expect(await screen.findByText('45%', {}, T)).toBeInTheDocument();
    expect(screen.getByText('9 of 20 required certificates are valid.')).toBeInTheDocument();
    for (const status of ['expired', 'due', 'unproven', 'valid'] as const) {
      const link = screen.getByRole('link', { name: `Show ${word(status).toLowerCase()}` });
      expect(link).toHaveAttribute('href', `/dashboard/certificate?status=${status}`);
      expect(
        within(link.closest('.MuiCard-root') as HTMLElement).getByText(String(SUMMARY.counts[status])),
      ).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Show missing' })).toHaveAttribute(
      'href',
      '/dashboard/compliance?status=missing',
    );
  });

  it('shows the matrix: each cell its word and expiry, opening the certificate or a new one filled in', async () => {
    api();
    renderApp('/dashboard/compliance');
    const table = await screen.findByRole('table', {}, T);
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // The types the shown properties require, in their declared order.
    expect(heads).toEqual([
      'Property',
      CERTIFICATE_TYPES.gas_safety.label,
      CERTIFICATE_TYPES.epc.label,
      CERTIFICATE_TYPES.hmo_licence.label,
    ]);
    const alpha = within(table).getByRole('row', { name: /Alpha House/ });
    expect(within(alpha).getByText(word('expired'))).toBeInTheDocument();
    expect(within(alpha).getByText(/Expires .*31 Jan 2026/)).toBeInTheDocument();
    expect(within(alpha).getByText('Not required')).toBeInTheDocument();
    const open = within(alpha).getByRole('link', {
      name: /^Expired.*, Gas safety record of Alpha House: open the certificate$/,
    });
    expect(open).toHaveAttribute('href', '/dashboard/certificate/c-1/edit');
    const add = within(alpha).getByRole('link', {
      name: /^Missing\b.*Energy performance certificate of Alpha House: add a certificate$/,
    });
    const href = new URL(add.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/dashboard/certificate/create');
    expect(JSON.parse(href.searchParams.get('source') ?? '')).toEqual({ property_id: 'p-1', type: 'epc' });
  });

  it('pages and filters by status through the address', async () => {
    const calls = api();
    const { router } = renderApp('/dashboard/compliance?status=missing');
    await screen.findByRole('table', {}, T);
    const matrixCall = () => calls.calls.filter((c) => c.path === '/api/v1/compliance/matrix').at(-1);
    expect(new URLSearchParams(matrixCall()?.search).get('status')).toBe('missing');
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(location(router)).toBe('/dashboard/compliance?status=missing&page=2'));
    await waitFor(() => expect(new URLSearchParams(matrixCall()?.search).get('page')).toBe('2'));
    expect(await screen.findByText('No properties match.', {}, T)).toBeInTheDocument();
  });

  it('shows cards instead of the matrix on a phone', async () => {
    phoneScreen();
    api();
    renderApp('/dashboard/compliance');
    await screen.findByRole('heading', { level: 3, name: 'Alpha House' }, T);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /open the certificate$/ })).toHaveLength(2);
  });
});

describe('the dashboard’s Needs attention panel', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('counts expired, due and missing for whoever may read compliance, each a link', async () => {
    api();
    renderApp('/dashboard');
    const panel = (await screen.findByRole('heading', { name: 'Needs attention' }, T)).closest(
      'section',
    ) as HTMLElement;
    expect(await within(panel).findByRole('link', { name: '2 expired' }, T)).toHaveAttribute(
      'href',
      '/dashboard/certificate?status=expired',
    );
    expect(within(panel).getByRole('link', { name: '1 due' })).toHaveAttribute(
      'href',
      '/dashboard/certificate?status=due',
    );
    expect(within(panel).getByRole('link', { name: '5 missing' })).toHaveAttribute(
      'href',
      '/dashboard/compliance?status=missing',
    );
    // Above the system cards.
    const text = document.body.textContent ?? '';
    expect(text.indexOf('Needs attention')).toBeLessThan(text.indexOf('Select a System below:'));
  });

  it('asks for its counts only once the system cards are shown, never while the session is being checked', async () => {
    const user = makeUser({ role: 'admin', permissions: ['compliance.*', 'systems.redirect'] });
    signIn(user);
    let confirm!: (r: Reply) => void;
    const cardsWhenAsked: boolean[] = [];
    const calls = sessionApi(user, {
      // The stored session is confirmed only when the test says so: until then the view renders hidden.
      'POST /api/v1/auth/authenticated': () => new Promise<Reply>((r) => (confirm = r)),
      'GET /api/v1/compliance/summary': () => {
        // Role queries skip what is hidden: the cards count only once the loading screen is gone.
        cardsWhenAsked.push(screen.queryByRole('heading', { name: 'Select a System below:' }) !== null);
        return { status: 200, body: { data: SUMMARY } };
      },
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Select a System below:', hidden: true }, T);
    await waitFor(() => expect(confirm).toBeTypeOf('function'), T);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.called('GET /api/v1/compliance/summary')).toEqual([]);
    await act(async () => confirm({ status: 200, body: { data: { authenticated: true } } }));
    const panel = (await screen.findByRole('heading', { name: 'Needs attention' }, T)).closest(
      'section',
    ) as HTMLElement;
    await within(panel).findByRole('link', { name: '2 expired' }, T);
    expect(cardsWhenAsked).toEqual([true]);
  });

  it('is not there, and nothing is asked, for staff without compliance.view', async () => {
    const calls = api(makeUser({ role: 'system_user', permissions: ['systems.redirect', 'properties.view'] }));
    renderApp('/dashboard');
    await screen.findByText('Select a System below:', {}, T);
    expect(screen.queryByRole('heading', { name: 'Needs attention' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading compliance…' })).not.toBeInTheDocument();
    // The counts are asked for a moment after the cards show (an idle callback, a timer in jsdom): give it that.
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.calls.filter((c) => c.path.startsWith('/api/v1/compliance'))).toEqual([]);
  });
});
