// Harness of the list-screen tests: the real App (route guard, registry, AdminUI) at a list path,
// signed in, with the list endpoints stubbed at the HTTP boundary as the API answers them.
import { screen, waitFor, within } from '@testing-library/react';
import { expect, onTestFinished, vi } from 'vitest';
import { COUNT_CAP, COUNT_CAPPED } from '../../contract/lists';
import type { Company, Property, Role, SessionUser, Unit } from '../../contract/types';
import { makeUser, renderApp, sessionApi, signIn, type ApiCall, type Handler, type Reply } from './shell-harness';

export const LOAD_TIMEOUT = { timeout: 10_000 };

/**
 * The CSV files the list's Export makes in this test: jsdom has no createObjectURL, so downloadCSV's
 * Blob is captured, and the link's click records the file name instead of navigating.
 */
export function captureCsv(): { blobs: Blob[]; downloads: string[] } {
  const blobs: Blob[] = [];
  const downloads: string[] = [];
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = (b: Blob) => (blobs.push(b), 'blob:csv');
  onTestFinished(() => {
    URL.createObjectURL = createObjectURL;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.getAttribute('download') ?? '');
  });
  return { blobs, downloads };
}

/** Signs `viewer` in, stubs the session and `routes`, and renders the App at `url`. */
export function openList(
  url: string,
  routes: Record<string, Handler>,
  viewer: SessionUser = makeUser({ role: 'super_admin' }),
) {
  signIn(viewer);
  const api = sessionApi(viewer, routes);
  const view = renderApp(url);
  /** Waits until a small list has been loaded whole (GET without list parameters) and nothing is loading. */
  const loadedWhole = async (path: string) => {
    await waitFor(
      () => expect(listCalls(api, path).some((c) => !c.paged && c.q === null && c.sort === null)).toBe(true),
      LOAD_TIMEOUT,
    );
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0), LOAD_TIMEOUT);
  };
  return { ...view, api, loadedWhole };
}

/** Rows of the table body (header excluded); found even behind an open dialog (aria-hidden). */
export function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table', { hidden: true });
  return Array.from(table.querySelectorAll('tbody tr'));
}

/** A row's cells of data: without the selection checkbox's cell of a list with bulk changes. */
export const dataCells = (r: HTMLElement): HTMLTableCellElement[] =>
  Array.from(r.querySelectorAll('td')).filter((td) => !td.querySelector('.select-item'));
/** The table's column headers of data: without the "select all" checkbox's header. */
export const dataHeaders = (): HTMLElement[] =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .filter((th) => !th.querySelector('.select-all'));
const firstCell = (r: HTMLElement) => dataCells(r)[0];

/** The body row whose first cell reads `name`. */
export function rowOf(name: string): HTMLElement {
  const found = bodyRows().find((r) => firstCell(r)?.textContent === name);
  if (!found) throw new Error(`No row "${name}" in ${JSON.stringify(firstCells())}`);
  return found;
}

export const firstCells = () => bodyRows().map((r) => firstCell(r)?.textContent ?? '');

export const ok = (data: unknown) => ({ status: 200, body: { data } });

// ---- a list endpoint as the API answers it (contract/lists.ts) -------------------------------------

type Row = object;
const field = (row: Row, key: string): unknown => (row as Record<string, unknown>)[key];

/** The list parameters of a call; `paged`: page or per_page given. */
export function listParams(call: ApiCall) {
  const p = new URLSearchParams(call.search);
  return {
    paged: p.has('page') || p.has('per_page'),
    page: Number(p.get('page') ?? 1),
    perPage: Number(p.get('per_page') ?? 25),
    sort: p.get('sort'),
    q: p.get('q'),
    qIn: p.get('q_in'),
    count: p.get('count'),
    all: p.get('all'),
  };
}

/**
 * GET /{resource} answered like the API: the whole array without list parameters; with them
 * searched (`q`, case-insensitive, over `q_in` fields), sorted (`field`, `field:desc`, `-field`; text
 * case-insensitively, empty last), paged, and `meta: { total, page, per_page }`. Without a sort the
 * rows keep their order, the list's default order. With `count=capped` a page's total stops at
 * offset + per_page + COUNT_CAP, adding `more: true` when there are more.
 */
export function listReply(rows: Row[] | ((call: ApiCall) => Row[])): (call: ApiCall) => Reply {
  return (call) => {
    const all = typeof rows === 'function' ? rows(call) : rows;
    const { paged, page, perPage, sort, q, qIn, count } = listParams(call);
    if (!paged && sort === null && q === null) return ok(all);
    let out = [...all];
    if (q) {
      const needle = q.toLowerCase();
      const fields = qIn ? qIn.split(',') : null;
      out = out.filter((r) =>
        (fields ?? Object.keys(r)).some(
          (f) => typeof field(r, f) === 'string' && String(field(r, f)).toLowerCase().includes(needle),
        ),
      );
    }
    if (sort) {
      const desc = sort.startsWith('-') || sort.endsWith(':desc');
      const key = sort.replace(/^-/, '').replace(/:(asc|desc)$/, '');
      const text = (r: Row) => String(field(r, key) ?? '').toLowerCase();
      out.sort((a, b) => (text(a) === '' ? 1 : text(b) === '' ? -1 : (desc ? -1 : 1) * text(a).localeCompare(text(b))));
    }
    const total = out.length;
    if (!paged) return { status: 200, body: { data: out, meta: { total } } };
    const data = out.slice((page - 1) * perPage, page * perPage);
    const cap = page * perPage + COUNT_CAP;
    if (count === COUNT_CAPPED && total > cap)
      return { status: 200, body: { data, meta: { total: cap, page, per_page: perPage, more: true } } };
    return { status: 200, body: { data, meta: { total, page, per_page: perPage } } };
  };
}

/** The list calls made to `path` (e.g. '/api/v1/units'), as their parameters. */
export const listCalls = (api: { called: (key: string) => ApiCall[] }, path: string) =>
  api.called(`GET ${path}`).map(listParams);

// ---- fixtures (the API's record shapes) ----------------------------------------------------------

export function userRow(n: number, extra: Partial<SessionUser> = {}): SessionUser {
  const id = `u-${n}`;
  return {
    uuid: id,
    id,
    name: `User ${String(n).padStart(2, '0')}`,
    username: `user${n}@example.com`,
    email: `user${n}@example.com`,
    bypass_sso: false,
    companies: [],
    systems: [],
    roles: [],
    olympusRole: null,
    olympus_role_uuid: null,
    everest_role_uuid: null,
    portal_role_uuid: null,
    property_permissions: [],
    ...extra,
  };
}

export const users = (count: number) => Array.from({ length: count }, (_, i) => userRow(i + 1));

export function companyRow(n: number, extra: Partial<Company> = {}): Company {
  return {
    uuid: `c-${n}`,
    id: `c-${n}`,
    name: `Company ${n}`,
    address_line_1: `${n} High Street`,
    address_line_2: null,
    city: 'Leeds',
    county: null,
    postcode: 'LS1 1AA',
    ...extra,
  };
}

export function propertyRow(n: number, extra: Partial<Property> = {}): Property {
  return {
    uuid: `p-${n}`,
    id: `p-${n}`,
    company_uuid: 'c-acme',
    company: { uuid: 'c-acme', name: 'Acme Lettings' },
    name: `Property ${n}`,
    reference: null,
    slug: `property-${n}`,
    certificates_required: ['gas_safety', 'eicr', 'epc'],
    address_line_1: `${n} Dock Road`,
    address_line_2: null,
    city: 'Hull',
    county: null,
    country: null,
    postcode: 'HU1 2AB',
    area: null,
    longitude: null,
    latitude: null,
    ...extra,
  };
}

export function unitRow(n: number, extra: Partial<Unit> = {}): Unit {
  return {
    uuid: `un-${n}`,
    id: `un-${n}`,
    name: `Unit ${n}`,
    property_id: 'p-1',
    property: { uuid: 'p-1', name: 'Harbour View' },
    unit_ref: `U${n}`,
    unit_type: 'Flat',
    unit_status: 'Available',
    status_since: null,
    short_description: null,
    description: null,
    address_line_1: null,
    address_line_2: null,
    city: null,
    county: null,
    area: null,
    postcode: null,
    size_unit: null,
    furnished: false,
    full_address: '',
    bedrooms: 2,
    bathrooms: 1,
    ...extra,
  };
}

export function roleRow(name: string, label: string): Role {
  return { uuid: `r-${name}`, id: `r-${name}`, name, label, permissions: [], require_two_factor: false };
}
