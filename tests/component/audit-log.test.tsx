// The audit log screen (/dashboard/audit) through the real App: the shared list screen over
// GET /api/v1/audit, always paged by the API with capped counts; time, person, company, action,
// record (linked while it exists) and address; filters and search in the address and the API call;
// each row expanding to its changes with the declaration's labels, secrets only as "changed"; the
// CSV of the filtered rows; the guard; cards on a phone.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshPage, location, makeUser, type ApiCall, type Reply } from './shell-harness';
import { LOAD_TIMEOUT, captureCsv, openList } from './list-harness';
import { phoneScreen } from './phone-screen';
import type { AuditRow } from '../../contract/audit';

const T = { timeout: 10_000 };
const AUDIT = 'GET /api/v1/audit';
const UNIT_ID = '7b0d4cbe-6d1f-4f57-9a43-3c6a1c3f5e11';
const ADA = { id: 'a1a1a1a1-1111-4111-8111-111111111111', name: 'Ada Admin', email: 'ada@example.com' };

const row = (n: number, extra: Partial<AuditRow> = {}): AuditRow => ({
  id: n,
  at: `2025-03-05T12:${String(n % 60).padStart(2, '0')}:00.000Z`,
  actor: ADA,
  company: { id: 'c-acme', name: 'Acme Lettings' },
  action: 'unit.update',
  entity: 'unit',
  resource: 'units',
  entity_id: UNIT_ID,
  record_label: 'Flat 7',
  ip: '10.0.0.1',
  changes: { name: { before: 'Flat 6', after: 'Flat 7' } },
  detail: null,
  ...extra,
});

const ROWS: AuditRow[] = [
  row(3, {
    action: 'user.update',
    entity: 'user',
    resource: 'users',
    entity_id: 'u-9',
    record_label: 'Sam Staff',
    changes: { password: { before: '***', after: '***' }, name: { before: 'Sam', after: 'Sam Staff' } },
  }),
  row(2, {
    actor: null,
    company: null,
    action: 'auth.login_failed',
    entity: null,
    resource: null,
    entity_id: null,
    record_label: null,
    changes: null,
    detail: { reason: 'unknown_email', email: 'x@example.com' },
    ip: '=1+2',
  }),
  row(1, { record_label: null }),
];

/** The API as it answers: the page asked for, meta with the total; the filters and search are recorded by the call. */
const audit =
  (rows: AuditRow[]) =>
  (call: ApiCall): Reply => {
    const p = new URLSearchParams(call.search);
    if (!p.has('page')) return { status: 200, body: { data: rows, meta: { total: rows.length } } };
    const page = Number(p.get('page'));
    const perPage = Number(p.get('per_page'));
    return {
      status: 200,
      body: {
        data: rows.slice((page - 1) * perPage, page * perPage),
        meta: { total: rows.length, page, per_page: perPage },
      },
    };
  };
const paramsOf = (call: ApiCall) => new URLSearchParams(call.search);
/** The table's event rows (not their expansion rows). */
const eventRows = () =>
  Array.from(screen.getAllByRole('table')[0].querySelectorAll<HTMLElement>('tbody tr.RaDataTable-row'));

const SUPER = makeUser({ role: 'super_admin' });

async function openAudit(url = '/dashboard/audit', rows = ROWS, viewer = SUPER) {
  const view = openList(
    url,
    {
      [AUDIT]: audit(rows),
      'GET /api/v1/users': { status: 200, body: { data: [{ id: ADA.id, uuid: ADA.id, name: ADA.name }] } },
    },
    viewer,
  );
  await screen.findByRole('table', {}, LOAD_TIMEOUT);
  await screen.findByText('user.update', {}, T);
  return view;
}

describe('Audit log', () => {
  beforeEach(freshPage);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows one row per event from the API, newest first, with person, company, action, record and address', async () => {
    const { api } = await openAudit();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Time', 'Person', 'Company', 'Action', 'Record', 'Address']),
    );
    // Always a page of the API with a capped count, never the whole log loaded into the browser.
    const calls = api.called(AUDIT).map(paramsOf);
    expect(calls.length).toBeGreaterThan(0);
    for (const p of calls) {
      expect(p.get('page')).toBe('1');
      expect(p.get('count')).toBe('capped');
    }
    const rows = eventRows();
    expect(rows[0]).toHaveTextContent('Ada Admin');
    expect(rows[0]).toHaveTextContent('ada@example.com');
    expect(rows[0]).toHaveTextContent('Acme Lettings');
    // A declared resource's record that exists links to its edit screen; one gone is plain text.
    expect(within(rows[0]).getByRole('link', { name: 'user Sam Staff' })).toHaveAttribute(
      'href',
      '/dashboard/users/u-9/edit',
    );
    expect(within(rows[2]).queryByRole('link', { name: /unit/ })).not.toBeInTheDocument();
    expect(rows[2]).toHaveTextContent(`unit ${UNIT_ID}`);
    // The server itself is named as on a record's history.
    expect(rows[1]).toHaveTextContent('Olympus');
    expect(rows[1]).toHaveTextContent('auth.login_failed');
    expect(within(rows[0]).getByText(/2025/).tagName).toBe('TIME');
    // No Create on this list; the navigation offers it.
    expect(screen.queryByRole('link', { name: /create/i })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('menu', { name: 'Main navigation' })).getByRole('menuitem', { name: 'Audit log' }),
    ).toHaveAttribute('href', '/dashboard/audit');
  });

  it('expands a row to its changes: the declaration’s field labels, before and after, secrets only as changed', async () => {
    const user = userEvent.setup();
    await openAudit();
    const [first, second, third] = eventRows();
    await user.click(within(third).getByRole('button', { name: 'Show changes' }));
    const unitChanges = await screen.findByRole('table', { name: 'Changes' }, T);
    expect(within(unitChanges).getByRole('rowheader', { name: 'Unit Name' })).toBeInTheDocument();
    expect(within(unitChanges).getByText('Flat 6')).toBeInTheDocument();
    expect(within(unitChanges).getByText('Flat 7')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Show changes' }));
    await waitFor(() => expect(screen.getAllByRole('table', { name: 'Changes' })).toHaveLength(2), T);
    const userChanges = screen
      .getAllByRole('table', { name: 'Changes' })
      .find((t) => within(t).queryByText('changed'))!;
    expect(within(userChanges).getByRole('rowheader', { name: 'Password' })).toBeInTheDocument();
    expect(userChanges).not.toHaveTextContent('***');
    await user.click(within(second).getByRole('button', { name: 'Show changes' }));
    expect(await screen.findByText('No fields changed.', {}, T)).toBeInTheDocument();
    expect(screen.getByText('unknown_email')).toBeInTheDocument();
  });

  it('filters by action and dates and searches through the API, the filters in the address; pages with ?page', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) => row(100 - i));
    const { api, router } = await openAudit('/dashboard/audit?resource=units&from=2025-03-01', [...ROWS, ...many]);
    const first = api.called(AUDIT).map(paramsOf)[0];
    expect(first.getAll('resource')).toEqual(['units']);
    expect(first.get('from')).toBe('2025-03-01');
    const filters = screen.getByRole('group', { name: 'Filters' });
    for (const label of ['Person', 'Company', 'Resource', 'Action', 'Time from', 'Time to'])
      expect(within(filters).getAllByLabelText(label).length).toBeGreaterThan(0);

    await user.click(within(filters).getByRole('textbox', { name: 'Action' }));
    await user.paste('unit.update');
    await waitFor(() => expect(location(router)).toContain('action=unit.update'), T);
    await waitFor(
      () =>
        expect(
          api
            .called(AUDIT)
            .map(paramsOf)
            .some((p) => p.get('action') === 'unit.update' && p.getAll('resource').includes('units')),
        ).toBe(true),
      T,
    );

    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste('ada');
    await waitFor(
      () =>
        expect(
          api
            .called(AUDIT)
            .map(paramsOf)
            .some((p) => p.get('q') === 'ada' && p.get('action') === 'unit.update'),
        ).toBe(true),
      T,
    );

    await user.click(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: 'Go to page 2' }),
    );
    await waitFor(() => expect(location(router)).toContain('page=2'), T);
    await waitFor(
      () =>
        expect(
          api
            .called(AUDIT)
            .map(paramsOf)
            .some((p) => p.get('page') === '2' && p.get('action') === 'unit.update'),
        ).toBe(true),
      T,
    );
  }, 30_000);

  it('exports the filtered rows as CSV, with changes and details, formula-leading cells kept as text', async () => {
    const user = userEvent.setup();
    const { blobs, downloads } = captureCsv();
    const { api } = await openAudit('/dashboard/audit?action=unit.update');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(blobs).toHaveLength(1), T);
    expect(downloads).toEqual(['audit-log.csv']);
    // The whole filtered log, asked of the API without paging.
    const whole = api
      .called(AUDIT)
      .map(paramsOf)
      .find((p) => !p.has('page'))!;
    expect(whole.get('action')).toBe('unit.update');
    const csv = await blobs[0].text();
    const [head, ...lines] = csv.trim().split('\n');
    expect(head).toBe('Time,Person,Company,Action,Record,Address,Changes,Details');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Ada Admin <ada@example.com>');
    expect(lines[0]).toContain('Password: changed; Name: Sam → Sam Staff');
    expect(lines[1]).toContain("'=1+2");
    expect(lines[1]).toContain('reason: unknown_email');
    expect(lines[2]).toContain('Unit Name: Flat 6 → Flat 7');
  });

  it('turns away someone without audit.view, and shows it to an admin who holds it', async () => {
    const viewer = makeUser({ role: 'admin', permissions: ['users.*', 'systems.redirect'] });
    const { router, api } = openList('/dashboard/audit', { [AUDIT]: audit(ROWS) }, viewer);
    await waitFor(() => expect(location(router)).toBe('/dashboard'), T);
    expect(api.called(AUDIT)).toHaveLength(0);
    expect(screen.queryByRole('menuitem', { name: 'Audit log' })).not.toBeInTheDocument();

    freshPage();
    await openAudit(
      '/dashboard/audit',
      ROWS,
      makeUser({ role: 'admin', permissions: ['users.*', 'audit.view', 'systems.redirect'] }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
  });

  it('on a phone: one card per event, changes behind a button, filters in a drawer', async () => {
    phoneScreen();
    const user = userEvent.setup();
    openList('/dashboard/audit', { [AUDIT]: audit(ROWS) }, SUPER);
    const cards = await screen.findByRole('list', { name: 'Audit log' }, LOAD_TIMEOUT);
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByRole('heading', { level: 2 })).toHaveTextContent('2025');
    expect(items[0]).toHaveTextContent('Person');
    expect(items[0]).toHaveTextContent('Ada Admin');
    const show = within(items[2]).getByRole('button', { name: 'Show changes' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(within(items[2]).getByRole('button', { name: 'Hide changes' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(items[2]).getByRole('table', { name: 'Changes' })).toHaveTextContent('Unit Name');
    // The events are cards, not a table: the one table on the screen is the event's changes.
    expect(screen.getAllByRole('table')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('dialog', { name: 'Filters' }, T)).toBeInTheDocument();
  });
});
