// In the browser: a list past CLIENT_LIST_MAX rows is paged, sorted and searched by the API
// with the same screen and URL as a small one. Northgate Lettings gets 2 500 extra units,
// seeded with one INSERT … SELECT generate_series through the test server's database handle.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CLIENT_LIST_MAX, COUNT_CAP } from '../../contract/lists';
import { adminSuite, firstColumn, listLoaded, NORTHGATE, pathOf, shot, sortBy, columnTexts } from './support/admin';
import { seriousViolations } from './support/axe';

const suite = adminSuite();
const BULK = CLIENT_LIST_MAX + 500;
/** Every 5th bulk unit is a "Loft", a type the demo seed does not use: 500 of them. */
const LOFTS = BULK / 5;
const bulkName = (n: number) => `Bulk Unit ${String(n).padStart(5, '0')}`;

/** Rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await suite.server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('a big unit list (server-side paging)', () => {
  beforeAll(async () => {
    await suite.server.database.db.execute(sql`
      insert into units (company_id, property_id, name, unit_ref, unit_type, unit_status, bedrooms, bathrooms)
      select p.company_id, p.id, 'Bulk Unit ' || lpad(g::text, 5, '0'), 'BLK-' || g,
             case when g % 5 = 0 then 'Loft' else 'Flat' end, 'Available', 1 + g % 3, 1
      from generate_series(1, ${BULK}) as g,
           (select properties.id, properties.company_id from properties join companies on companies.id = properties.company_id
            where companies.name = ${NORTHGATE} order by properties.name limit 1) as p`);
  });

  it('shows the first page, searches by unit type, sorts by name and pages, asking the API each time', async () => {
    const b = await suite.open();
    const { page } = b;
    const listCalls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/v1/units') listCalls.push(url.search);
    });
    const [{ total }] = await rows<{ total: number }>(
      sql`select count(*)::int as total from units join companies on companies.id = units.company_id where companies.name = ${NORTHGATE}`,
    );
    expect(total).toBeGreaterThan(CLIENT_LIST_MAX);
    // The API's default order: by name, case-insensitively.
    const firstTen = (
      await rows<{ name: string }>(sql`select units.name from units join companies on companies.id = units.company_id
        where companies.name = ${NORTHGATE} order by lower(units.name), units.id limit 10`)
    ).map((r) => r.name);

    await page.goto(suite.server.url + '/dashboard/unit');
    await listLoaded(page);
    await page.getByText(`1–10 of ${total}`).waitFor();
    expect(await firstColumn(page)).toEqual(firstTen);
    await shot(b, 'big-unit-list');

    await page.getByPlaceholder('Search Unit Types').pressSequentially('loft');
    await page.getByText(`1–10 of ${LOFTS}`).waitFor();
    expect(new Set(await columnTexts(page, 1))).toEqual(new Set(['Loft']));

    await sortBy(page, 'Unit Name');
    await expect.poll(() => firstColumn(page)).toEqual(Array.from({ length: 10 }, (_, i) => bulkName(5 * (i + 1))));
    await sortBy(page, 'Unit Name');
    await expect.poll(() => firstColumn(page)).toEqual(Array.from({ length: 10 }, (_, i) => bulkName(BULK - 5 * i)));

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Go to page 2' }).click();
    await expect.poll(() => pathOf(page)).toBe('/dashboard/unit?page=2');
    await expect
      .poll(() => firstColumn(page))
      .toEqual(Array.from({ length: 10 }, (_, i) => bulkName(BULK - 50 - 5 * i)));
    await page.getByText(`11–20 of ${LOFTS}`).waitFor();
    await shot(b, 'big-unit-list-search-sort-page2');

    // Every call was a page: the browser never held the whole list.
    const params = listCalls.map((s) => new URLSearchParams(s));
    expect(params.length).toBeGreaterThan(3);
    expect(params.every((p) => p.get('per_page') === '10' && p.has('page'))).toBe(true);
    expect(Object.fromEntries(params.at(-1) ?? [])).toEqual({
      page: '2',
      per_page: '10',
      sort: 'name:desc',
      q: 'loft',
      q_in: 'unit_type',
      count: 'capped',
    });
  });

  it('a search matching more than a capped count reads "of more than N" and pages on, on a desktop and a 390 px phone', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/unit');
    await listLoaded(page);
    // The 2 000 bulk flats (and the seed's): more than a first page and COUNT_CAP.
    await page.getByPlaceholder('Search Unit Types').pressSequentially('flat');
    await page.getByText(`1–10 of more than ${10 + COUNT_CAP}`).waitFor();
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    expect(await nav.getByRole('button', { name: 'Go to last page' }).isDisabled()).toBe(true);
    expect(await nav.textContent()).toContain('…');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(b, 'big-unit-list-capped-count');

    await nav.getByRole('link', { name: 'Go to next page' }).click();
    await expect.poll(() => pathOf(page)).toBe('/dashboard/unit?page=2');
    await page.getByText(`11–20 of more than ${20 + COUNT_CAP}`).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText(`11–20 of more than ${20 + COUNT_CAP}`).waitFor();
    // The phone layout (cards) follows the resize a few frames later.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(b, 'big-unit-list-capped-count-phone');
  });

  it('opens an old link past the end on the last page', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/unit?page=100000');
    await listLoaded(page);
    const last = await page
      .getByRole('navigation', { name: 'Pagination' })
      .locator('[aria-current="page"]')
      .textContent();
    const [{ total }] = await rows<{ total: number }>(
      sql`select count(*)::int as total from units join companies on companies.id = units.company_id where companies.name = ${NORTHGATE}`,
    );
    expect(Number(last)).toBe(Math.ceil(total / 10));
    await page.getByText(`${(Number(last) - 1) * 10 + 1}–${total} of ${total}`).waitFor();
  });
});
