// The built-in Occupancy report in the browser against the real server (built SPA + API + PGlite +
// demo seed, whose units have 18 months of status history): the totals as at today, the month chart,
// the table per property, the current voids linking to their units; an earlier "As at" day changes the
// numbers; on a 390 px phone it fits the width and passes axe; a unit form's "Status since" picked in
// the calendar is the day the report counts from. As super admin.
import { describe, expect, it } from 'vitest';
import { adminSuite, apiHeaders, choose, shot } from './support/admin';
import dayjs from 'dayjs';
import { seriousViolations } from './support/axe';
import { reports } from '../../src/i18n/en/reports';
import { unitResource } from '../../contract/resources/units';
import { addDays, firstOfMonth, todayUtc } from '../../contract/dates';

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

  it('a unit form sets "Status since": a let from a day picked in the calendar ends the unit’s void', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(`${suite.server.url}/dashboard/reports`);
    const headers = await apiHeaders(page);
    const api = async (path: string) => {
      const res = await page.request.get(`${suite.server.url}/api/v1${path}`, { headers });
      expect(res.status(), path).toBe(200);
      return (await res.json()).data;
    };
    const today = todayUtc();
    const voids = await api(`/reports/voids?from=${firstOfMonth(today, -12)}&to=${today}`);
    // The longest void of the demo data.
    const unit = voids.units
      .filter((u: { current_void_since: string | null }) => u.current_void_since)
      .sort((x: { void_days: number }, y: { void_days: number }) => y.void_days - x.void_days)[0];
    // The day after its status began, picked in the calendar, which opens at the month of the date it holds (the
    // status's own): the next month when that day is the month's last, then the day. Its current status (Available
    // or Under Offer) may have begun later than the void.
    const { status_since: was } = await api(`/units/${unit.id}`);
    expect(was < today, 'a status taken before today').toBe(true);
    const picked = addDays(was, 1);
    const monthsOn =
      (Number(picked.slice(0, 4)) - Number(was.slice(0, 4))) * 12 +
      Number(picked.slice(5, 7)) -
      Number(was.slice(5, 7));

    await page.goto(`${suite.server.url}/dashboard/${unitResource.spa}/${unit.id}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Unit' }).waitFor();
    // The picker's button names the field's date ("Choose date, selected date is Sep 30, 2026").
    const since = page
      .getByRole('group', { name: unitResource.fields.status_since.label })
      .getByRole('button', { name: /^Choose date/ });
    const shows = (day: string) => `selected date is ${dayjs(day).format('MMM D, YYYY')}`;
    await expect.poll(() => since.getAttribute('aria-label')).toContain(shows(was));
    await choose(page, unitResource.fields.unit_status.label, 'Let');
    await since.click();
    const day = page.getByRole('gridcell', { name: String(Number(picked.slice(8))), exact: true });
    for (let i = 0; i < monthsOn; i++) {
      await page.getByRole('button', { name: 'Next month' }).click();
      // The months slide: the old one is gone once only one such day is left.
      await expect.poll(() => day.count()).toBe(1);
    }
    await day.click();
    await expect.poll(() => since.getAttribute('aria-label')).toContain(shows(picked));
    await page.getByRole('button', { name: 'Update Unit' }).click();
    await page.getByText('The unit has been updated. Redirecting...').waitFor();

    const saved = await api(`/units/${unit.id}`);
    expect([saved.unit_status, saved.status_since]).toEqual(['Let', picked]);
    const after = await api(`/reports/voids?from=${firstOfMonth(today, -12)}&to=${today}`);
    const now = after.units.find((u: { id: string }) => u.id === unit.id);
    // Still counted for the days it stood void in the range, no longer void now.
    expect(now?.current_void_since ?? null).toBeNull();
    await b.close();
  });
});
