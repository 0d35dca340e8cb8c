// The built-in Occupancy report in the browser against the real server (built SPA + API + PGlite +
// demo seed, whose units have 18 months of status history): the totals as at today, the month chart,
// the table per property, the current voids linking to their units; an earlier "As at" day changes the
// numbers; on a 390 px phone it fits the width and passes axe. As super admin.
import { describe, expect, it } from 'vitest';
import { adminSuite, shot } from './support/admin';
import { seriousViolations } from './support/axe';
import { reports } from '../../src/i18n/en/reports';
import { unitResource } from '../../contract/resources/units';
import { firstOfMonth, todayUtc } from '../../contract/dates';

const suite = adminSuite();
const TEXT = reports.occupancy;
const PHONE = { width: 390, height: 844 };

describe('the Occupancy report', () => {
  it('tells the demo portfolio’s story, as at today and an earlier day, and fits a phone', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.setViewportSize(PHONE);
    await page.goto(`${suite.server.url}/dashboard/reports`);
    await page.getByRole('tab', { name: reports.tabs.occupancy }).click();
    await page.getByRole('heading', { level: 2, name: TEXT.title }).waitFor();

    const voids = page.getByRole('table', { name: TEXT.voids_title });
    await voids.getByRole('link').first().waitFor();
    const href = await voids.getByRole('link').first().getAttribute('href');
    expect(href).toMatch(new RegExp(`^/dashboard/${unitResource.spa}/[0-9a-f-]{36}$`));
    const byProperty = page.getByRole('table', { name: TEXT.by_property });
    expect(await byProperty.getByRole('row').count()).toBeGreaterThan(2);
    await page.getByRole('figure', { name: TEXT.chart_title }).locator('svg').first().waitFor();
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(300);

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'page width').toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page), 'axe').toEqual([]);
    await shot(b, 'phone-occupancy');

    // An earlier day, picked in the calendar (at desktop size, where the picker is a popup): the first of last month.
    await page.setViewportSize({ width: 1280, height: 900 });
    const before = await byProperty.innerText();
    const earlier = firstOfMonth(todayUtc(), -1);
    const answered = page.waitForResponse((r) => r.url().includes(`/api/v1/reports/occupancy?as_at=${earlier}`));
    await page.getByRole('button', { name: /^Choose date/ }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    // The months slide: the old one is gone once only one day 1 is left.
    const first = page.getByRole('gridcell', { name: '1', exact: true });
    await expect.poll(() => first.count()).toBe(1);
    await first.click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => byProperty.innerText()).not.toBe(before);
    await b.close();
  });
});
