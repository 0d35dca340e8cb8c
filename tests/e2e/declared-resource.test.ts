// A resource declared only in the test tree (docs/resources.md) gets working screens in a real browser
// against the real server: the throwaway "gadgets" declaration joins the SPA through a test build
// (support/spa-build.ts, the registry replaced by support/declared-registry.ts) and the server through
// its generic routes (defineCrud), with its table made before the server listens. Nothing of ours is
// stubbed and no production file names gadgets. As super admin: the generated list (texts, columns,
// the company's gadgets only), create through the generated form (the property chosen in its select),
// edit, remove; axe on list and forms, and no sideways scrolling on a 390 px phone.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Dialog, Page } from 'playwright-core';
import { adminSuite, choose, listLoaded, rowWith, SUPER, textbox, passes, screenReady, sideways, dataCells, firstColumn } from './support/admin';
import { startServer } from './support/server';
import { buildSpaWithRegistry } from './support/spa-build';
import { createGadgetsTable, gadgetCrud } from '../server/throwaway-resource';

// Its own directory per run: another run in the same tree (CI, a colleague) builds beside it.
const OUT_DIR = `.tmp/dist-declared-${process.pid}`;
const UUID = '[0-9a-f-]{36}';
const PHONE = { width: 390, height: 844 };
const CLYDE = 'Clyde Property Group';

const suite = adminSuite(async () => {
  const built = await buildSpaWithRegistry('tests/e2e/support/declared-registry.ts', OUT_DIR);
  console.info(`declared-resource: test build of the SPA in ${built.ms} ms`);
  const server = await startServer(
    { staticDir: OUT_DIR },
    {
      resources: [gadgetCrud.routes],
      // The table, and one gadget in Northgate Lettings and one in Clyde Property Group, each at a property of its company.
      async prepare({ db }) {
        await createGadgetsTable(db);
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
    expect(await page.getByRole('link', { name: 'Create a Gadget' }).getAttribute('href')).toBe('/dashboard/gadget/create');
    await page.getByPlaceholder('Search Gadgets').waitFor();
    expect(await headings(page)).toEqual(['Gadget Name', 'Colour', 'Kept At', 'Actions']);
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
    expect(await gadgetRows()).toContainEqual({ name: 'Copper Kettle', colour: 'Blue', weight: 4, boxed: true, property: 'Wharf House' });
    // The search box matches what the declaration's list.search names: the name, the colour, the property.
    for (const [q, found] of [['KETTLE', ['Copper Kettle']], ['red', ['Brass Sprocket']], ['wharf', ['Copper Kettle']]] as const) {
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
    expect(await gadgetRows()).toContainEqual({ name: 'Copper Kettle Mk II', colour: 'Blue', weight: 4, boxed: false, property: 'Roundhay Gardens' });

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
