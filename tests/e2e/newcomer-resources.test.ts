// Two resources a newcomer adds from README alone, in a real browser against the real server: README's
// contractors (company-scoped, an area of its own, an optional reference, email, phone, date, filters)
// and a global inspection type (a built-in area with a navigation item of its own, money, a checkbox).
// Each is one declaration (tests/support/) and one registration line — here the registry and the
// generated tables module are replaced in both the server (vi.mock) and the SPA's test build — and
// its table is the derived one. Nothing else is written for them: menu items, screens, texts, checks,
// permissions in the database and the defaults admins get all follow.
import { rmSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import {
  adminSuite,
  choose,
  listLoaded,
  NORTHGATE,
  pathOf,
  rowWith,
  SUPER,
  textbox,
  passes,
  screenReady,
  sideways,
  dataCells,
} from './support/admin';
import { startServer } from './support/server';
import { buildSpaWithRegistry } from './support/spa-build';
import { createDerivedTables } from '../support/derived-table-sql';
import { addedTables, declared } from '../support/fixture-registry';
import { DECLARED_RESOURCES } from '../../contract/resources';
import * as declaredTables from '../../server/db/declaredTables';

// Their registration lines, as contract/resources/index.ts would hold them.
vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { contractorResource } = await import('../support/contractor-declaration');
  const { inspectionTypeResource } = await import('../support/inspection-type-declaration');
  const { withFixtures } = await import('../support/fixture-registry');
  return {
    ...real,
    DECLARED_RESOURCES: withFixtures(real.DECLARED_RESOURCES, contractorResource, inspectionTypeResource),
  };
});
// Their tables, as `npm run db:generate` writes them into server/db/declaredTables.ts, added to the real
// generated module (whose own, if it has them, stay).
vi.mock('../../server/db/declaredTables', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  const { withFixtureTables } = await import('../support/fixture-registry');
  const { declaredTable } = await import('../../server/db/declaredTable');
  const { companies, properties } = await import('../../server/db/schema');
  const { contractorResource } = await import('../support/contractor-declaration');
  const { inspectionTypeResource } = await import('../support/inspection-type-declaration');
  return withFixtureTables(real, {
    contractors: declaredTable(contractorResource, {
      companies: () => companies.id,
      refs: { properties: () => properties },
    }),
    inspectionTypes: declaredTable(inspectionTypeResource),
  });
});

/** README's contractors: the test tree's, or the registry's own once a newcomer has declared it for real. */
const contractors = declared(DECLARED_RESOURCES, 'contractors');
/** README's way: an area of its own. Declared in a built-in area instead (`area: 'properties'`), its rules are that
 * area's, tested with it; the menu has its item only with `nav`. */
const OWN_AREA = typeof contractors.area !== 'string';
const CONTRACTORS_ITEM = OWN_AREA || contractors.nav ? ['Contractors'] : [];

const OUT_DIR = `.tmp/dist-newcomer-${process.pid}`;
const PHONE = { width: 390, height: 844 };
const ADMIN = 'admin@example.com';

const suite = adminSuite(async () => {
  const built = await buildSpaWithRegistry('tests/e2e/support/newcomer-registry.ts', OUT_DIR);
  console.info(`newcomer-resources: test build of the SPA in ${built.ms} ms`);
  // The seed writes the permission catalogue, the new area's permissions and admin's defaults among it.
  const server = await startServer(
    { staticDir: OUT_DIR },
    // Only the tables the test adds: the real generated module's come with its migrations.
    {
      prepare: async ({ db }) =>
        createDerivedTables(
          db,
          addedTables(declaredTables, await vi.importActual<Record<string, unknown>>('../../server/db/declaredTables')),
        ),
    },
  );
  return {
    ...server,
    async close() {
      await server.close();
      rmSync(OUT_DIR, { recursive: true, force: true });
    },
  };
});

/** The built-in menu items and these two's, in the menu's order (an item another declaration brings is left out). */
const KNOWN_ITEMS = [
  'Home',
  'Users',
  'Roles',
  'Properties',
  'Contractors',
  'Companies',
  'Inspection Types',
  'Reports',
  'Audit log',
];
const menu = async (page: Page) =>
  (await page.getByRole('menu', { name: 'Main navigation' }).getByRole('menuitem').allTextContents()).filter((item) =>
    KNOWN_ITEMS.includes(item),
  );
/**
 * Whether a filter's label is whole and clear of its box's button: 'clear', else how it is cut (MUI
 * ends a label that does not fit with an ellipsis; a label inside a date box runs under its calendar button).
 */
const labelClear = (page: Page, text: string) =>
  page.evaluate((text) => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
    if (!label || !label.offsetParent) return 'not shown';
    const own = label.getBoundingClientRect();
    const button = label.parentElement?.querySelector('button')?.getBoundingClientRect();
    const under =
      button &&
      own.right > button.left &&
      own.left < button.right &&
      own.bottom > button.top &&
      own.top < button.bottom;
    if (label.scrollWidth > label.clientWidth) return `cut: ${label.scrollWidth} px of text in ${label.clientWidth} px`;
    return under ? 'under the button' : 'clear';
  }, text);
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await suite.server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('resources a newcomer declares', () => {
  it.runIf(OWN_AREA)(
    'contractors, as an admin: the menu item of its own area, a create checked on the server, a filter, and no buttons for what admins may not do',
    async () => {
      const b = await suite.open(ADMIN, NORTHGATE);
      const { page } = b;
      await expect.poll(() => menu(page)).toEqual(['Home', 'Users', 'Properties', ...CONTRACTORS_ITEM, 'Reports']);
      await page.getByRole('menuitem', { name: 'Contractors' }).click();
      await page.waitForURL(/\/dashboard\/contractor$/);
      await screenReady(page, 'Contractors');
      await page.getByText(`Company: ${NORTHGATE}`).waitFor();

      await page.getByRole('link', { name: 'Create a Contractor' }).click();
      await screenReady(page, 'Create a Contractor');
      await textbox(page, 'Contractor name').fill('Sparks Electrical');
      await textbox(page, 'Email').fill('not-an-email');
      await textbox(page, 'Phone').fill('0207');
      await page.getByRole('button', { name: 'Create Contractor' }).click();
      await page.getByText('A valid email is required').waitFor();
      await page.getByText('Your phone number should be at least 10 characters long').waitFor();
      expect(await rows(sql`select id from contractors`)).toEqual([]);
      await passes(b, 'newcomer-contractor-errors');

      await textbox(page, 'Email').fill('office@sparks.test');
      await textbox(page, 'Phone').fill('020 7946 0958');
      await choose(page, 'Trade', 'Electrician');
      await choose(page, 'Property', 'Headingley Court');
      await page.getByRole('button', { name: 'Create Contractor' }).click();
      await page.getByText('The contractor has been created. Redirecting...').waitFor();
      await page.waitForURL(/\/dashboard\/contractor$/);
      await rowWith(page, 'Sparks Electrical').waitFor();
      expect((await dataCells(rowWith(page, 'Sparks Electrical')).allTextContents()).slice(0, 4)).toEqual([
        'Sparks Electrical',
        'Electrician',
        'Headingley Court',
        '020 7946 0958',
      ]);
      expect(
        await rows(
          sql`select c.name, c.trade, c.active, p.name as property from contractors c join properties p on p.id = c.property_id`,
        ),
      ).toEqual([{ name: 'Sparks Electrical', trade: 'Electrician', active: true, property: 'Headingley Court' }]);
      // Admins were given contractors.view and .create by the area's defaults: no Edit or Remove to offer.
      expect(await rowWith(page, 'Sparks Electrical').getByRole('link', { name: 'Edit Contractor' }).count()).toBe(0);
      expect(await rowWith(page, 'Sparks Electrical').getByRole('button', { name: 'Remove Contractor' }).count()).toBe(
        0,
      );

      // A declared filter: in the address, applied by the server.
      await page.getByRole('combobox', { name: 'Trade', exact: true }).click();
      await page.getByRole('option', { name: 'Plumber', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => pathOf(page)).toBe('/dashboard/contractor?trade=Plumber');
      await expect.poll(() => rowWith(page, 'Sparks Electrical').count()).toBe(0);
      await passes(b, 'newcomer-contractors-filtered');
      // The date range's labels, long ones, whole above their narrow boxes.
      for (const end of ['from', 'to']) expect(await labelClear(page, `Insured until ${end}`), end).toBe('clear');
    },
  );

  it('an inspection type, as a super admin: its own menu item in the Companies rules, money and Yes/No in its list; admins see no item', async () => {
    const b = await suite.open(SUPER, NORTHGATE);
    const { page } = b;
    await expect
      .poll(() => menu(page))
      .toEqual([
        'Home',
        'Users',
        'Roles',
        'Properties',
        ...CONTRACTORS_ITEM,
        'Companies',
        'Inspection Types',
        'Reports',
        'Audit log',
      ]);
    await page.getByRole('menuitem', { name: 'Inspection Types' }).click();
    await screenReady(page, 'Inspection Types');
    await page.getByRole('link', { name: 'Create an Inspection Type' }).click();
    await screenReady(page, 'Create an Inspection Type');
    await textbox(page, 'Name').fill('Gas safety check');
    await page.getByRole('spinbutton', { name: 'Interval in months' }).fill('12');
    await page.getByRole('spinbutton', { name: 'Typical cost' }).fill('85.5');
    await passes(b, 'newcomer-inspection-create');
    await page.getByRole('button', { name: 'Create Inspection Type' }).click();
    await page.waitForURL(/\/dashboard\/inspection_type$/);
    await rowWith(page, 'Gas safety check').waitFor();
    expect((await dataCells(rowWith(page, 'Gas safety check')).allTextContents()).slice(0, 4)).toEqual([
      'Gas safety check',
      '12',
      '£85.50',
      'Yes',
    ]);
    expect(
      await rows(
        sql`select name, interval_months, typical_cost::text as cost, certificate_required from inspection_types`,
      ),
    ).toEqual([{ name: 'Gas safety check', interval_months: 12, cost: '85.50', certificate_required: true }]);
    await passes(b, 'newcomer-inspection-list');
  });

  it('on a 390 px phone: the contractors list as cards with the filter drawer, fitting the width and passing axe', async () => {
    const b = await suite.open(ADMIN, NORTHGATE);
    const { page } = b;
    await page.setViewportSize(PHONE);
    await page.goto(suite.server.url + '/dashboard/contractor');
    await screenReady(page, 'Contractors');
    await listLoaded(page).catch(() => {});
    expect(await sideways(page), 'list: sideways scrolling').toBeLessThanOrEqual(0);
    await passes(b, 'newcomer-phone-contractors');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('combobox', { name: 'Trade', exact: true }).waitFor();
    expect(await sideways(page), 'drawer: sideways scrolling').toBeLessThanOrEqual(0);
    for (const end of ['from', 'to']) expect(await labelClear(page, `Insured until ${end}`), end).toBe('clear');
    await passes(b, 'newcomer-phone-filters');
  });
});
