// Harness of the list-screen tests: the real App (route guard, registry, AdminUI) at a list path,
// signed in, with the list endpoints stubbed at the HTTP boundary per the issue 3 API contract.
import { screen } from '@testing-library/react';
import type { Company, Property, Role, SessionUser, Unit } from '../../contract/types';
import { makeUser, renderApp, sessionApi, signIn, type Handler } from './shell-harness';

export const LOAD_TIMEOUT = { timeout: 10_000 };

/** Signs `viewer` in, stubs the session and `routes`, and renders the App at `url`. */
export function openList(url: string, routes: Record<string, Handler>, viewer: SessionUser = makeUser({ role: 'super_admin' })) {
  signIn(viewer);
  const api = sessionApi(viewer, routes);
  const view = renderApp(url);
  return { ...view, api };
}

/** Rows of the table body (header excluded); found even behind an open dialog (aria-hidden). */
export function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table', { hidden: true });
  return Array.from(table.querySelectorAll('tbody tr'));
}

/** The body row whose first cell reads `name`. */
export function rowOf(name: string): HTMLElement {
  const found = bodyRows().find((r) => r.querySelector('td')?.textContent === name);
  if (!found) throw new Error(`No row "${name}" in ${JSON.stringify(firstCells())}`);
  return found;
}

export const firstCells = () => bodyRows().map((r) => r.querySelector('td')?.textContent ?? '');

export const ok = (data: unknown) => ({ status: 200, body: { data } });

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
  return { uuid: `c-${n}`, id: `c-${n}`, name: `Company ${n}`, address_line_1: `${n} High Street`, address_line_2: null, city: 'Leeds', county: null, postcode: 'LS1 1AA', ...extra };
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
  return { uuid: `r-${name}`, id: `r-${name}`, name, label, permissions: [] };
}
