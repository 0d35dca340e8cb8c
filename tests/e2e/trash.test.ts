// The trash in chromium against the real server and the demo seed (docs/resources.md "Trash"): a
// property deleted (through the API: the property list has no Remove button) leaves the
// list and waits in the trash; restored from the Trash screen it is back in the list. The trash view
// passes axe and fits a 390 px phone without sideways scrolling.
import { describe, expect, it } from 'vitest';
import { adminSuite, apiHeaders, listLoaded, passes, rowWith, screenReady, sideways } from './support/admin';

const suite = adminSuite();
const PHONE = { width: 390, height: 844 };

describe('the trash', () => {
  it('a deleted property waits in the trash and comes back with Restore, on a desktop and a phone', async () => {
    const b = await suite.open();
    const { page } = b;
    const headers = await apiHeaders(page);
    const made = await page.request.post(`${suite.server.url}/api/v1/properties`, {
      headers,
      data: { name: 'Calder Trash House', address_line_1: '3 Canal Wharf', city: 'Leeds', postcode: 'LS11 5PS' },
    });
    expect(made.status()).toBe(201);
    const { id } = (await made.json()).data as { id: string };
    const gone = await page.request.delete(`${suite.server.url}/api/v1/properties/${id}`, { headers });
    expect(gone.status()).toBe(200);
    expect((await gone.json()).data.message).toBe('The property has been deleted');

    await page.goto(suite.server.url + '/dashboard/property');
    await listLoaded(page);
    await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
    expect(await rowWith(page, 'Calder Trash House').count()).toBe(0);
    await page.getByRole('link', { name: 'Trash' }).click();
    await page.waitForURL(/\/dashboard\/property\/trash$/);
    await screenReady(page, 'Properties in the trash');
    const row = rowWith(page, 'Calder Trash House');
    await row.waitFor();
    await row.getByText('Sam Super').waitFor();
    await page.getByText('Deleted records stay here for 30 days, then they are deleted for good.').waitFor();
    // A super admin may also delete forever.
    await row.getByRole('button', { name: 'Delete forever: Calder Trash House' }).waitFor();
    await passes(b, 'trash-desktop');

    await page.setViewportSize(PHONE);
    await page.reload();
    await screenReady(page, 'Properties in the trash');
    const card = page.getByRole('listitem').filter({ hasText: 'Calder Trash House' });
    await card.waitFor();
    expect(await sideways(page)).toBe(0);
    await passes(b, 'trash-phone');

    await card.getByRole('button', { name: 'Restore Calder Trash House' }).click();
    await page.getByText('Calder Trash House was restored.').waitFor();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'Calder Trash House' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Properties' }).click();
    await page.waitForURL(/\/dashboard\/property$/);
    // The phone's list: one card per property.
    await page.getByText('Calder Trash House').first().waitFor();
  });
});
