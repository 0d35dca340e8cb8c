// Declared list filters in a real browser against the real server (docs/resources.md "Filters"), demo
// seed, as super admin in Northgate Lettings: the units list's filter bar narrows the list to what the
// database holds for those filters, keeps them in the address (a reload keeps them), and passes axe;
// on a 390 px phone a "Filters" button opens a drawer with the same inputs, and nothing scrolls sideways.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { adminSuite, firstColumn, listLoaded, NORTHGATE, pathOf, passes, sideways } from './support/admin';

const suite = adminSuite();
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
  const text = await page
    .getByText(/^\d+–\d+ of \d+$/)
    .textContent({ timeout: 10_000 })
    .catch(() => null);
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
    await expect
      .poll(() => pathOf(page))
      .toBe('/dashboard/unit?unit_type=Flat&unit_type=House&furnished=true&bedrooms_min=2');
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
    await expect
      .poll(() => pathOf(page))
      .toMatch(
        /^\/dashboard\/unit\?unit_type=Flat&unit_type=House&property_id=[0-9a-f-]{36}&furnished=true&bedrooms_min=2$/,
      );
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
