// The History panel in the browser, on the demo data: a property renamed, its history showing who
// changed the name from what to what, down to its creation by the seed, and the earlier name restored from there — the
// form showing it
// again and the history one change longer. At desktop width and on a 390 px phone.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminSuite, listLoaded, passes, rowWith, screenReady, sideways, textbox } from './support/admin';

const suite = adminSuite();

async function rename(page: Page, from: string, to: string) {
  await rowWith(page, from).getByRole('link', { name: 'Edit' }).click();
  await screenReady(page, 'Edit Property');
  await expect.poll(() => textbox(page, 'Property name').inputValue()).toBe(from);
  await textbox(page, 'Property name').fill(to);
  await page.getByRole('button', { name: 'Update Property' }).click();
  await page.getByText('The property has been updated. Redirecting...').waitFor();
  await page.waitForURL(/\/dashboard\/property$/);
  await listLoaded(page);
}

describe('record history', () => {
  it('shows a property’s changes and restores an earlier version', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/property');
    await listLoaded(page);
    await rename(page, 'Roundhay Gardens', 'Roundhay Gardens East');
    await rename(page, 'Roundhay Gardens East', 'Roundhay Gardens West');

    await rowWith(page, 'Roundhay Gardens West').getByRole('link', { name: 'Edit' }).click();
    await screenReady(page, 'Edit Property');
    const history = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'History' }) });
    const entries = history.getByRole('listitem');
    // Both renames, and the demo record's creation (the seed writes it as Olympus's).
    await expect.poll(() => entries.count()).toBe(3);
    expect(await entries.first().textContent()).toMatch(
      /^Sam Super changed it.*Current version.*Property nameRoundhay Gardens East → Roundhay Gardens West/,
    );
    expect(await entries.nth(1).textContent()).toContain('Property nameRoundhay Gardens → Roundhay Gardens East');
    expect(await entries.nth(2).textContent()).toMatch(/^Olympus created it.*Property nameRoundhay Gardens/);
    await passes(b, 'history-desktop');

    await page.setViewportSize({ width: 390, height: 844 });
    // The sidebar folds away with a transition once the window is narrow.
    await expect.poll(() => sideways(page)).toBe(0);
    await passes(b, 'history-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await entries
      .nth(1)
      .getByRole('button', { name: /^Restore this version, of / })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Restore this version?').waitFor();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('The version was restored.').waitFor();
    await expect.poll(() => textbox(page, 'Property name').inputValue()).toBe('Roundhay Gardens East');
    await expect.poll(() => entries.count()).toBe(4);
    expect(await entries.first().textContent()).toContain('Roundhay Gardens West → Roundhay Gardens East');
    expect(await entries.first().textContent()).toContain('Restored the version of');
  });
});
