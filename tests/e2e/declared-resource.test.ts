// A resource declared only in the test tree (docs/resources.md) gets working screens in a real browser
// against the real server: the throwaway "gadgets" declaration joins the SPA through a test build
// (support/spa-build.ts, the registry replaced by support/declared-registry.ts) and the server through
// its generic routes (defineCrud), with its table made before the server listens. Nothing of ours is
// stubbed and no production file names gadgets. As super admin: the generated list (texts, columns,
// the company's gadgets only), create through the generated form (the property chosen in its select),
// edit, remove; axe on list and forms, and no sideways scrolling on a 390 px phone. Two more of the
// test tree's resources join the same build for their list filters: suppliers, whose optional
// property's filter offers "None", and lettings, whose rent has a money range filter; their records
// are made through the API by the tests that read them.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Dialog, Page } from 'playwright-core';
import {
  adminSuite,
  apiHeaders,
  choose,
  columnTexts,
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
  firstColumn,
} from './support/admin';
import { startServer } from './support/server';
import { buildSpaWithRegistry } from './support/spa-build';
import { createGadgetsTable, gadgetCrud } from '../server/throwaway-resource';
import { createLettingsTable, lettingCrud } from '../server/letting-resource';
import { createSuppliersTable, suppliers } from '../server/supplier-resource';
import { filteredSupplierResource } from './support/declared-registry';
import { properties } from '../../server/db/schema';
import { defineCrud } from '../../server/crud';

// Its own directory per run: another run in the same tree (CI, a colleague) builds beside it.
const OUT_DIR = `.tmp/dist-declared-${process.pid}`;
const UUID = '[0-9a-f-]{36}';
const PHONE = { width: 390, height: 844 };
const CLYDE = 'Clyde Property Group';

const supplierCrud = defineCrud(filteredSupplierResource, { table: suppliers, refs: { properties } });

const suite = adminSuite(async () => {
  const built = await buildSpaWithRegistry('tests/e2e/support/declared-registry.ts', OUT_DIR);
  console.info(`declared-resource: test build of the SPA in ${built.ms} ms`);
  const server = await startServer(
    { staticDir: OUT_DIR },
    {
      resources: [gadgetCrud.routes, supplierCrud.routes, lettingCrud.routes],
      // The table, and one gadget in Northgate Lettings and one in Clyde Property Group, each at a property of its
      // company.
      async prepare({ db }) {
        await createGadgetsTable(db);
        await createSuppliersTable(db);
        await createLettingsTable(db);
        await db.execute(sql`insert into gadgets (company_id, property_id, name, colour, weight)
          select company_id, id, 'Brass Sprocket', 'Red', 7 from properties where name = 'Headingley Court'`);
        await db.execute(sql`insert into gadgets (company_id, property_id, name, colour)
          select company_id, id, 'Clyde Widget', 'Blue' from properties where name = 'Finnieston Quay'`);
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

// The header cells past the bulk selection's "select all".
const headings = (page: Page) => page.locator('table thead th:not(:has(.select-all))').allTextContents();
const cells = async (page: Page, name: string) => (await dataCells(rowWith(page, name)).allTextContents()).slice(0, 3);
interface GadgetRow {
  name: string;
  colour: string | null;
  weight: number | null;
  boxed: boolean;
  property: string;
}
/** What the gadgets table holds, every company's (the property by name). */
async function gadgetRows(): Promise<GadgetRow[]> {
  const result = await suite.server.database.db.execute(
    // The live gadgets: a removed one waits in the trash (docs/resources.md "Trash").
    sql`select g.name, g.colour, g.weight, g.boxed, p.name as property from gadgets g join properties p on p.id = g.property_id where g.deleted_at is null order by g.name`,
  );
  return (result as unknown as { rows: GadgetRow[] }).rows;
}

describe('a resource declared only in the test tree', () => {
  it('list, create, edit and remove through its generated screens, against the real server', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/gadget');
    await listLoaded(page);
    await screenReady(page, 'Gadgets');
    await page.getByText('Company: Northgate Lettings').waitFor();
    expect(await page.getByRole('link', { name: 'Create a Gadget' }).getAttribute('href')).toBe(
      '/dashboard/gadget/create',
    );
    await page.getByPlaceholder('Search Gadgets').waitFor();
    expect(await headings(page)).toEqual(['Gadget name', 'Colour', 'Kept at', 'Actions']);
    expect(await cells(page, 'Brass Sprocket')).toEqual(['Brass Sprocket', 'Red', 'Headingley Court']);
    // Clyde Property Group's gadget is in the table, but not Northgate's to see.
    expect((await gadgetRows()).map((r) => r.name)).toEqual(['Brass Sprocket', 'Clyde Widget']);
    expect(await page.locator('table tbody tr').count()).toBe(1);
    expect(await page.getByText('Clyde Widget').count()).toBe(0);
    await passes(b, 'declared-list');

    // Create, through the form the server describes.
    await page.getByRole('link', { name: 'Create a Gadget' }).click();
    await page.waitForURL(/\/dashboard\/gadget\/create$/);
    await screenReady(page, 'Create a Gadget');
    await page.getByText('Company: Northgate Lettings').waitFor();
    // Sent empty: the declared required fields are marked at once, and nothing is written.
    await page.getByRole('button', { name: 'Create Gadget' }).click();
    await page.getByText('Please enter a value for Gadget name').waitFor();
    await page.getByText('Please choose an option').waitFor();
    expect(await gadgetRows()).toHaveLength(2);
    await passes(b, 'declared-create-errors');
    await textbox(page, 'Gadget name').fill('Copper Kettle');
    await choose(page, 'Kept at', 'Wharf House');
    await choose(page, 'Colour', 'Blue');
    await page.getByRole('spinbutton', { name: 'Weight' }).fill('4');
    expect(await page.getByRole('checkbox', { name: 'Boxed' }).isChecked()).toBe(true);
    await passes(b, 'declared-create');
    await page.getByRole('button', { name: 'Create Gadget' }).click();
    await page.getByText('The gadget has been created. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/gadget$/);
    await rowWith(page, 'Copper Kettle').waitFor();
    expect(await cells(page, 'Copper Kettle')).toEqual(['Copper Kettle', 'Blue', 'Wharf House']);
    expect(await gadgetRows()).toContainEqual({
      name: 'Copper Kettle',
      colour: 'Blue',
      weight: 4,
      boxed: true,
      property: 'Wharf House',
    });
    // The search box matches what the declaration's list.search names: the name, the colour, the property.
    for (const [q, found] of [
      ['KETTLE', ['Copper Kettle']],
      ['red', ['Brass Sprocket']],
      ['wharf', ['Copper Kettle']],
    ] as const) {
      await page.getByPlaceholder('Search Gadgets').fill(q);
      await expect.poll(() => firstColumn(page), { message: `search ${q}` }).toEqual(found);
    }
    await page.getByPlaceholder('Search Gadgets').fill('');
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(2);

    // Edit: the form opens with the record's values; the change shows in the list and persists.
    await rowWith(page, 'Copper Kettle').getByRole('link', { name: 'Edit Gadget' }).click();
    await page.waitForURL(new RegExp(`/dashboard/gadget/${UUID}/edit$`));
    await screenReady(page, 'Edit Gadget');
    await expect.poll(() => textbox(page, 'Gadget name').inputValue()).toBe('Copper Kettle');
    await expect.poll(() => page.getByRole('combobox', { name: 'Kept at' }).textContent()).toBe('Wharf House');
    expect(await page.getByRole('spinbutton', { name: 'Weight' }).inputValue()).toBe('4');
    await passes(b, 'declared-edit');
    await textbox(page, 'Gadget name').fill('Copper Kettle Mk II');
    await choose(page, 'Kept at', 'Roundhay Gardens');
    await page.getByRole('checkbox', { name: 'Boxed' }).uncheck();
    await page.getByRole('button', { name: 'Update Gadget' }).click();
    await page.getByText('The gadget has been updated. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/gadget$/);
    await rowWith(page, 'Copper Kettle Mk II').waitFor();
    expect(await cells(page, 'Copper Kettle Mk II')).toEqual(['Copper Kettle Mk II', 'Blue', 'Roundhay Gardens']);
    expect(await gadgetRows()).toContainEqual({
      name: 'Copper Kettle Mk II',
      colour: 'Blue',
      weight: 4,
      boxed: false,
      property: 'Roundhay Gardens',
    });

    // Remove, confirmed in the browser's dialog.
    const onDialog = (d: Dialog) => void d.accept();
    page.on('dialog', onDialog);
    await rowWith(page, 'Copper Kettle Mk II').getByRole('button', { name: 'Remove Gadget' }).click();
    await page.getByText('The item has been deleted.').waitFor();
    await expect.poll(() => rowWith(page, 'Copper Kettle Mk II').count()).toBe(0);
    page.off('dialog', onDialog);
    expect((await gadgetRows()).map((r) => r.name)).toEqual(['Brass Sprocket', 'Clyde Widget']);
  });

  it('on a 390 px phone, in another company: its gadgets only, as cards; list and forms fit the width and pass axe', async () => {
    const b = await suite.open(SUPER, CLYDE);
    const { page } = b;
    await page.setViewportSize(PHONE);
    await page.goto(suite.server.url + '/dashboard/gadget');
    await screenReady(page, 'Gadgets');
    await page.getByText(`Company: ${CLYDE}`).waitFor();
    const cards = page.getByRole('list', { name: 'Gadgets', exact: true });
    await cards.getByRole('listitem').first().waitFor();
    expect(await cards.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Clyde Widget')]);
    expect(await page.getByText('Brass Sprocket').count()).toBe(0);
    expect(await sideways(page), 'list: sideways scrolling').toBeLessThanOrEqual(0);
    await passes(b, 'declared-phone-list');

    await cards.getByRole('link', { name: 'Edit Gadget' }).click();
    await screenReady(page, 'Edit Gadget');
    await expect.poll(() => textbox(page, 'Gadget name').inputValue()).toBe('Clyde Widget');
    expect(await sideways(page), 'edit: sideways scrolling').toBeLessThanOrEqual(0);
    await passes(b, 'declared-phone-edit');

    await page.goto(suite.server.url + '/dashboard/gadget/create');
    await screenReady(page, 'Create a Gadget');
    await page.getByRole('combobox', { name: 'Kept at' }).waitFor();
    expect(await sideways(page), 'create: sideways scrolling').toBeLessThanOrEqual(0);
    await passes(b, 'declared-phone-create');
  });
});

/** Makes records of `resource` through the API, as the page's signed-in user in its current company. */
async function made(page: Page, resource: string, bodies: readonly Record<string, unknown>[]) {
  const headers = await apiHeaders(page);
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
    await expect
      .poll(() => firstColumn(page))
      .toEqual(['Aire Valley Glazing', 'Brook Street Locksmiths', 'Calder Scaffolding', 'Dales Pest Control']);

    await choose(page, 'Property', 'None');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/supplier?property_id=none');
    const without = (
      await rows<{ name: string }>(sql`select name from suppliers where property_id is null order by lower(name)`)
    ).map((r) => r.name);
    expect(without).toEqual(['Brook Street Locksmiths', 'Dales Pest Control']);
    await expect.poll(() => firstColumn(page)).toEqual(without);
    expect(await page.getByRole('combobox', { name: 'Property', exact: true }).textContent()).toBe('None');
    // Their property cells are empty.
    expect(await columnTexts(page, 1)).toEqual(['', '']);
    await passes(b, 'filters-ref-none');

    await choose(page, 'Property', 'Any');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/supplier');
    await expect
      .poll(() => firstColumn(page))
      .toEqual(['Aire Valley Glazing', 'Brook Street Locksmiths', 'Calder Scaffolding', 'Dales Pest Control']);
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
    await expect
      .poll(() => firstColumn(page))
      .toEqual(['Ashfield Flat', 'Beckett Rooms', 'Canal Wharf', 'Dock Street', 'Eastgate House', 'Fairfax Lodge']);

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
    await expect
      .poll(() => firstColumn(page))
      .toEqual(['Canal Wharf', 'Dock Street', 'Eastgate House', 'Fairfax Lodge']);

    // A reversed range: the "to" box says why nothing can match, and the list reads as empty (the
    // server refuses the range); the boxes keep what was typed, and mending an end brings the rows back.
    await page.getByRole('spinbutton', { name: 'Rent to' }).fill('1000');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/letting?rent_min=1250.50&rent_max=1000');
    await page.getByText('Must not be less than Rent from').waitFor();
    await page.getByText('No Lettings found using the current filters.').waitFor();
    await passes(b, 'filters-money-reversed');
    expect(await firstColumn(page)).toEqual([]);
    expect(await page.getByRole('spinbutton', { name: 'Rent from' }).inputValue()).toBe('1250.50');
    expect(await page.getByRole('spinbutton', { name: 'Rent to' }).inputValue()).toBe('1000');
    await page.getByRole('spinbutton', { name: 'Rent to' }).fill('1500');
    await expect.poll(() => pathOf(page)).toBe('/dashboard/letting?rent_min=1250.50&rent_max=1500');
    await expect.poll(() => firstColumn(page)).toEqual(['Canal Wharf', 'Dock Street']);
    expect(await page.getByText('Must not be less than Rent from').count()).toBe(0);
  });
});
