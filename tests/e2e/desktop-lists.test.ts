// On a desktop window (1280 × 900, and 1024 × 768 with the sidebar open) every declared resource's list
// keeps to the window: the page never scrolls sideways, the header's buttons and the filters stay
// inside it, and a table wider than its card scrolls in its own box, where each row's edit button
// can be brought into view (named by its text, shown or, with the table short of room, as its tooltip).
// A list the demo seed gives no records (a newly declared resource's) is measured with its empty state.
// One list passes axe-core's WCAG A/AA rules at the narrower size. As super admin, demo seed.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DECLARED_RESOURCES } from '../../contract/resources';
import type { ResourceDecl } from '../../contract/resources/declare';
import { i18nProvider } from '../../providers/i18nProvider';
import { listKey } from '../../src/declared/texts';
import { adminSuite, shot } from './support/admin';
import { seriousViolations } from './support/axe';

const suite = adminSuite();
const t = (key: string, options?: object) => i18nProvider.translate(key, options);
const SIZES = [
  { width: 1280, height: 900 },
  { width: 1024, height: 768 },
] as const;

/** "No Contractors found": the list of a resource the demo seed gives no records (one newly declared). */
const noResults = (d: ResourceDecl) =>
  t('ra.navigation.no_results', { name: i18nProvider.translate(`resources.${d.spa}.name`, { smart_count: 0 }) });

/** Waits for the list's first row (or, given its declaration, for its empty state) and for its requests to settle. */
async function listReady(page: Page, d?: ResourceDecl) {
  const row = page.locator('table tbody tr').first();
  await (d ? row.or(page.getByText(noResults(d), { exact: true })).first() : row).waitFor();
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(300);
}

/** The page's width past the window's, and the buttons and boxes outside the table that end past it. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const main = document.getElementById('main-content');
    const outside = Array.from(main?.querySelectorAll('button, a, input') ?? [])
      .filter((e) => !e.closest('table') && e.getClientRects().length > 0)
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth)
      .map((e) => e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName);
    return { past: document.documentElement.scrollWidth - window.innerWidth, outside };
  });
}

describe('on a desktop window', () => {
  it('every declared list fits the width: no sideways page scroll, header and filters inside, row actions reachable', async () => {
    const b = await suite.open();
    const { page } = b;
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const d of DECLARED_RESOURCES) {
        const name = `${d.spa} at ${size.width}`;
        await page.goto(`${suite.server.url}/dashboard/${d.spa}`);
        await page.getByRole('heading', { level: 1, name: t(listKey(d.spa, 'title')), exact: true }).waitFor();
        await listReady(page, d);
        const { past, outside } = await overflow(page);
        expect(past, `${name}: page wider than the window by`).toBeLessThanOrEqual(0);
        expect(outside, `${name}: outside the window`).toEqual([]);
        // The first row's edit button, scrolled to inside the table's box, is inside the window.
        const edit = page
          .locator('table tbody')
          .getByRole('link', { name: t(listKey(d.spa, 'edit')), exact: true })
          .first();
        if ((await edit.count()) > 0) {
          await edit.scrollIntoViewIfNeeded();
          const box = await edit.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= size.width, `${name}: edit button in view`).toBe(true);
        }
        expect((await overflow(page)).past, `${name}: still no page scroll`).toBeLessThanOrEqual(0);
        await shot(b, `desktop-${size.width}-${d.spa}`);
      }
    }
  });

  it('the certificate list at 1024 px, short of room, shows its row buttons as icons named and tipped by their texts, and passes axe', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.setViewportSize(SIZES[1]);
    await page.goto(`${suite.server.url}/dashboard/certificate`);
    await listReady(page);
    const editText = t(listKey('certificate', 'edit'));
    const edit = page.locator('table tbody').getByRole('link', { name: editText, exact: true }).first();
    const box = await edit.boundingBox();
    // An icon's width, not a text's.
    expect(box?.width, 'icon-only edit button').toBeLessThan(48);
    await edit.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(editText);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(b, 'desktop-1024-certificate-tooltip', { keepScroll: true });
  });
});
