// Declared list filters in a real browser against the real server (docs/resources.md "Filters"), demo
// seed, as super admin in Northgate Lettings: the units list's filter bar narrows the list to what the
// database holds for those filters, keeps them in the address (a reload keeps them), and passes axe;
// on a 390 px phone a "Filters" button opens a drawer with the same inputs, and nothing scrolls sideways.
// Two resources of the test tree join the SPA through a test build (support/filters-registry.ts) and
// the server through the generic routes, with their tables made before it listens: suppliers, whose
// optional property's filter offers "None", and lettings, whose rent has a money range filter. Their
// records are made through the API by the tests that read them.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { adminSuite, apiAuth, columnTexts, firstColumn, listLoaded, NORTHGATE, pathOf, passes, sideways } from './support/admin';
import { startServer } from './support/server';
import { buildSpaWithRegistry } from './support/spa-build';
import { filteredSupplierResource } from './support/filters-registry';
import { createLettingsTable, lettingCrud } from '../server/letting-resource';
import { createSuppliersTable, suppliers } from '../server/supplier-resource';
import { properties } from '../../server/db/schema';
import { defineCrud } from '../../server/resources/crud';

// Its own directory per run: another run in the same tree (CI, a colleague) builds beside it.
const OUT_DIR = `.tmp/dist-filters-${process.pid}`;

const suite = adminSuite(async () => {
  const built = await buildSpaWithRegistry('tests/e2e/support/filters-registry.ts', OUT_DIR);
  console.info(`list-filters: test build of the SPA in ${built.ms} ms`);
  const supplierCrud = defineCrud(filteredSupplierResource, { table: suppliers, refs: { properties } });
  const server = await startServer(
    { staticDir: OUT_DIR },
    {
      resources: [supplierCrud.routes, lettingCrud.routes],
      async prepare({ db }) {
        await createSuppliersTable(db);
        await createLettingsTable(db);
      },
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
const PHONE = { width: 390, height: 844 };

/** Northgate's units meeting `where` (SQL over units `u`), by name as the list sorts them. */
async function unitsWhere(where: ReturnType<typeof sql>): Promise<string[]> {
  const result = await suite.server.database.db.execute(
    sql`select u.name from units u join companies c on c.id = u.company_id where c.name = ${NORTHGATE} and ${where} order by lower(u.name), u.id`,
  );
  return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
}


/** Picks options of a MUI select (several for a multi-select), then closes its menu. */
async function pick(page: Page, label: string, ...options: string[]) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  if (await page.getByRole('listbox').count()) await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The paging range's total ("1–10 of 23" → 23). */
async function shownTotal(page: Page): Promise<number | null> {
  const text = await page.getByText(/^\d+–\d+ of \d+$/).textContent({ timeout: 10_000 }).catch(() => null);
  return text ? Number(text.split(' of ')[1]) : null;
}


describe('units list filters', () => {
  it('on a desktop: the bar narrows the list to what the database holds, in the address, kept by a reload', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/unit');
    await listLoaded(page);
    const bar = page.getByRole('group', { name: 'Filters' });
    await bar.waitFor();

    // Each change waits for the address: the bar builds the next one from the filters it last drew,
    // so a change made before the previous one is drawn can drop it (a known race of the filter bar).
    await pick(page, 'Unit Type', 'Flat');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/unit?unit_type=Flat');
    await pick(page, 'Unit Type', 'House');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/unit?unit_type=Flat&unit_type=House');
    await pick(page, 'Furnished', 'Yes');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/unit?unit_type=Flat&unit_type=House&furnished=true');
    await page.getByRole('spinbutton', { name: 'Bedrooms from' }).fill('2');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/unit?unit_type=Flat&unit_type=House&furnished=true&bedrooms_min=2');
    const expected = await unitsWhere(sql`u.unit_type in ('Flat', 'House') and u.furnished and u.bedrooms >= 2`);
    expect(expected.length, 'the seed has such units').toBeGreaterThan(0);
    await expect.poll(() => firstColumn(page)).toEqual(expected.slice(0, 10));
    if (expected.length > 10) await expect.poll(() => shownTotal(page)).toBe(expected.length);
    await passes(b, 'filters-desktop');

    // A reload keeps them: the same rows, the inputs showing the values.
    await page.reload();
    await listLoaded(page);
    await expect.poll(() => firstColumn(page)).toEqual(expected.slice(0, 10));
    expect(await page.getByRole('combobox', { name: 'Unit Type', exact: true }).textContent()).toBe('Flat, House');
    expect(await page.getByRole('combobox', { name: 'Furnished', exact: true }).textContent()).toBe('Yes');
    expect(await page.getByRole('spinbutton', { name: 'Bedrooms from' }).inputValue()).toBe('2');

    // The property filter offers the company's properties; with it the list holds that property's only.
    await pick(page, 'Property', 'Headingley Court');
    await expect.poll(() => pathOf(page)).toMatch(/^\/dashboard\/unit\?unit_type=Flat&unit_type=House&property_id=[0-9a-f-]{36}&furnished=true&bedrooms_min=2$/);
    const atHeadingley = await unitsWhere(
      sql`u.unit_type in ('Flat', 'House') and u.furnished and u.bedrooms >= 2 and u.property_id = (select id from properties where name = 'Headingley Court')`,
    );
    await expect.poll(() => firstColumn(page)).toEqual(atHeadingley.slice(0, 10));

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => pathOf(page)).toBe('/dashboard/unit');
    const all = (await unitsWhere(sql`true`)).length;
    await expect.poll(() => shownTotal(page)).toBe(all);
  });

  it('on a 390 px phone: a "Filters" button opens a drawer with the inputs; fits the width and passes axe', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.setViewportSize(PHONE);
    await page.goto(suite.server.url + '/dashboard/unit?unit_type=Studio');
    const cards = page.getByRole('list', { name: 'Units', exact: true });
    await cards.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('group', { name: 'Filters' }).count()).toBe(0);
    expect(await sideways(page), 'list: sideways scrolling').toBeLessThanOrEqual(0);
    await passes(b, 'filters-phone-list');

    await page.getByRole('button', { name: 'Filters (1)' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    expect(await drawer.getByRole('combobox', { name: 'Unit Type', exact: true }).textContent()).toBe('Studio');
    await pick(page, 'Furnished', 'No');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/unit?unit_type=Studio&furnished=false');
    expect(await sideways(page), 'drawer: sideways scrolling').toBeLessThanOrEqual(0);
    await passes(b, 'filters-phone-drawer');
    await drawer.getByRole('button', { name: 'Done' }).click();
    await drawer.waitFor({ state: 'detached' });

    const expected = await unitsWhere(sql`u.unit_type = 'Studio' and not u.furnished`);
    if (expected.length === 0) await page.getByText('No results found').waitFor();
    else await expect.poll(() => cards.getByRole('listitem').count()).toBe(Math.min(expected.length, 10));
    await expect.poll(() => page.getByRole('button', { name: 'Filters (2)' }).count()).toBe(1);
  });
});

/** Makes records of `resource` through the API, as the page's signed-in user in its current company. */
async function made(page: Page, resource: string, bodies: readonly Record<string, unknown>[]) {
  const { token, tenant } = await apiAuth(page);
  const headers = { authorization: `Bearer ${token}`, 'x-tenant': tenant, accept: 'application/json', 'content-type': 'application/json' };
  for (const data of bodies) {
    const res = await page.request.post(`${suite.server.url}/api/v1/${resource}`, { headers, data });
    expect(res.status(), `${resource} ${String(data.name)}: ${await res.text()}`).toBe(201);
  }
}

/** Rows of a query over the file's database. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await suite.server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('filters of resources declared in the test tree', () => {
  it('an optional reference: "None" lists exactly the suppliers without a property, and the address carries it', async () => {
    const b = await suite.open();
    const { page } = b;
    const [headingley] = await rows<{ id: string }>(
      sql`select p.id from properties p join companies c on c.id = p.company_id where c.name = ${NORTHGATE} and p.name = 'Headingley Court'`,
    );
    await made(page, 'suppliers', [
      { name: 'Aire Valley Glazing', property_id: headingley.id },
      { name: 'Brook Street Locksmiths' },
      { name: 'Calder Scaffolding', property_id: headingley.id },
      { name: 'Dales Pest Control' },
    ]);
    await page.goto(suite.server.url + '/dashboard/supplier');
    await listLoaded(page);
    await expect.poll(() => firstColumn(page)).toEqual(['Aire Valley Glazing', 'Brook Street Locksmiths', 'Calder Scaffolding', 'Dales Pest Control']);

    await pick(page, 'Property', 'None');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/supplier?property_id=none');
    const without = (await rows<{ name: string }>(sql`select name from suppliers where property_id is null order by lower(name)`)).map((r) => r.name);
    expect(without).toEqual(['Brook Street Locksmiths', 'Dales Pest Control']);
    await expect.poll(() => firstColumn(page)).toEqual(without);
    expect(await page.getByRole('combobox', { name: 'Property', exact: true }).textContent()).toBe('None');
    // Their property cells are empty.
    expect(await columnTexts(page, 1)).toEqual(['', '']);
    await passes(b, 'filters-ref-none');

    await pick(page, 'Property', 'Any');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/supplier');
    await expect.poll(() => firstColumn(page)).toEqual(['Aire Valley Glazing', 'Brook Street Locksmiths', 'Calder Scaffolding', 'Dales Pest Control']);
  });

  it('a money range: the rents typed in list exactly the lettings within them, in the address; one end cleared widens the list; a reversed range finds nothing and says so', async () => {
    const b = await suite.open();
    const { page } = b;
    await made(page, 'lettings', [
      { name: 'Ashfield Flat', rent: '450.00', tenure: 'Licence' },
      { name: 'Beckett Rooms', rent: '1250.49', tenure: 'Assured shorthold' },
      { name: 'Canal Wharf', rent: '1250.50', tenure: 'Assured shorthold' },
      { name: 'Dock Street', rent: '1500', tenure: 'Company let' },
      { name: 'Eastgate House', rent: '2000.00', tenure: 'Assured shorthold' },
      { name: 'Fairfax Lodge', rent: '2750.00', tenure: 'Company let' },
    ]);
    await page.goto(suite.server.url + '/dashboard/letting');
    await listLoaded(page);
    await expect.poll(() => firstColumn(page)).toEqual(['Ashfield Flat', 'Beckett Rooms', 'Canal Wharf', 'Dock Street', 'Eastgate House', 'Fairfax Lodge']);

    await page.getByRole('spinbutton', { name: 'Rent from' }).fill('1250.50');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/letting?rent_min=1250.50');
    await page.getByRole('spinbutton', { name: 'Rent to' }).fill('2000');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/letting?rent_min=1250.50&rent_max=2000');
    // Both ends included, to the penny.
    await expect.poll(() => firstColumn(page)).toEqual(['Canal Wharf', 'Dock Street', 'Eastgate House']);
    expect(await columnTexts(page, 1)).toEqual(['£1,250.50', '£1,500.00', '£2,000.00']);
    await passes(b, 'filters-money-range');

    // One end cleared: every rent from the lower end up.
    await page.getByRole('spinbutton', { name: 'Rent to' }).fill('');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/letting?rent_min=1250.50');
    await expect.poll(() => firstColumn(page)).toEqual(['Canal Wharf', 'Dock Street', 'Eastgate House', 'Fairfax Lodge']);

    // A reversed range: the server refuses it (422) and the list reads as empty, saying the filters
    // found nothing; the boxes keep what was typed, and mending an end brings the rows back.
    await page.getByRole('spinbutton', { name: 'Rent to' }).fill('1000');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/letting?rent_min=1250.50&rent_max=1000');
    await page.getByText('No Lettings found using the current filters.').waitFor();
    expect(await firstColumn(page)).toEqual([]);
    expect(await page.getByRole('spinbutton', { name: 'Rent from' }).inputValue()).toBe('1250.50');
    expect(await page.getByRole('spinbutton', { name: 'Rent to' }).inputValue()).toBe('1000');
    await page.getByRole('spinbutton', { name: 'Rent to' }).fill('1500');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/letting?rent_min=1250.50&rent_max=1500');
    await expect.poll(() => firstColumn(page)).toEqual(['Canal Wharf', 'Dock Street']);
  });
});
