// The audit log in a real browser against the real server (demo seed): a super admin opens it from the
// navigation, filters it to one person (the filter bar's Person select, kept in the address), opens a
// row's changes, exports the filtered rows as CSV (only that person's events) and the screen passes
// axe at desktop width and on a 390 px phone without sideways scrolling.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminSuite, listLoaded, pathOf, passes, screenReady, sideways } from './support/admin';

const suite = adminSuite();
const PHONE = { width: 390, height: 844 };
const PERSON = 'Alex Admin';
const OTHER = 'Stacey Staff';

type Rows<T> = { rows: T[] };

describe('audit log', () => {
  it('filters to one person, shows a row’s changes and exports that person’s events', async () => {
    const db = suite.server.database.db;
    const idOf = async (name: string) =>
      ((await db.execute(sql`select id from users where name = ${name}`)) as unknown as Rows<{ id: string }>).rows[0]
        .id;
    const personId = await idOf(PERSON);
    const otherId = await idOf(OTHER);
    const { rows: units } = (await db.execute(
      sql`select u.id, u.company_id from units u order by u.name limit 1`,
    )) as unknown as Rows<{ id: string; company_id: string }>;
    // Events of the person and of someone else, as the app writes them: a change with before and after.
    for (const [actor, action] of [
      [personId, 'unit.update'],
      [personId, 'unit.update'],
      [otherId, 'unit.create'],
    ] as const) {
      await db.execute(sql`insert into audit_log (actor_id, tenant_id, action, entity, entity_id, changes, ip)
        values (${actor}, ${units[0].company_id}, ${action}, 'unit', ${units[0].id}, ${JSON.stringify({ bedrooms: { before: 1, after: 2 }, name: { before: 'Old', after: 'New' } })}::jsonb, '10.1.2.3')`);
    }
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard');
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await screenReady(page, 'Audit log');
    await listLoaded(page);
    await passes(b, 'audit-desktop');

    await page.getByRole('combobox', { name: 'Person', exact: true }).click();
    await page.getByRole('option', { name: PERSON, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(`/dashboard/audit?actor=${personId}`);
    await listLoaded(page);
    const rows = page.locator('table tbody tr.RaDataTable-row');
    // The filtered page replaces the unfiltered one: every row then is the person's.
    await expect.poll(async () => (await rows.allTextContents()).map((t) => t.includes(PERSON))).toEqual([true, true]);

    // A row's changes open under it.
    await rows.first().getByRole('button', { name: 'Show changes' }).click();
    await expect
      .poll(() => rows.first().getByRole('button', { name: 'Hide changes' }).getAttribute('aria-expanded'))
      .toBe('true');
    await passes(b, 'audit-desktop-person');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const [head, ...lines] = csv.trim().split('\n');
    expect(head).toBe('Time,Person,Company,Action,Record,Address,Changes,Details');
    const expected = (await db.execute(
      sql`select count(*)::int as n from audit_log where actor_id = ${personId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(lines.length).toBe(expected.rows[0].n);
    for (const line of lines) expect(line).toContain(PERSON);
  }, 120_000);

  it('on a 390 px phone: cards, the filters in a drawer, no sideways scrolling, axe', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.setViewportSize(PHONE);
    await page.goto(suite.server.url + '/dashboard/audit');
    await screenReady(page, 'Audit log');
    const cards = page.getByRole('list', { name: 'Audit log' });
    await cards.waitFor();
    expect(await cards.getByRole('listitem').count()).toBeGreaterThan(0);
    await cards.getByRole('listitem').first().getByRole('button', { name: 'Show changes' }).click();
    expect(await sideways(page)).toBe(0);
    await passes(b, 'audit-phone');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Filters' }).waitFor();
    expect(await sideways(page)).toBe(0);
    await passes(b, 'audit-phone-filters');
  }, 120_000);
});
