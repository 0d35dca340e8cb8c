// Bulk changes in chromium against the real server and the demo seed (docs/resources.md "Bulk
// changes"): three properties selected in the list get a new city in one step, then two of them are
// deleted together after a confirmation naming the count and wait in the trash. The selection
// toolbar and both dialogs pass axe; on a 390 px phone the cards carry the checkboxes and "Select all
// on this page", without sideways scrolling. Three units get a new status the same way.
import { describe, expect, it } from 'vitest';
import { adminSuite, apiHeaders, choose, listLoaded, passes, rowWith, sideways } from './support/admin';

const suite = adminSuite();
const PHONE = { width: 390, height: 844 };
// A word of its own per attempt: a retried test must not meet the records its first attempt made.
const fresh = (word: string) =>
  `${word}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 5)}`;

describe('bulk changes', () => {
  it('sets the city of three selected properties at once, then deletes two of them into the trash, on a desktop and a phone', async () => {
    const b = await suite.open();
    const { page } = b;
    const headers = await apiHeaders(page);
    const M = fresh('Bulkmere');
    const NAMES = [`${M} House`, `${M} Court`, `${M} Lodge`];
    for (const name of NAMES) {
      const made = await page.request.post(`${suite.server.url}/api/v1/properties`, {
        headers,
        data: { name, address_line_1: '1 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' },
      });
      expect(made.status()).toBe(201);
    }

    await page.goto(suite.server.url + '/dashboard/property');
    await listLoaded(page);
    await page.getByPlaceholder('Search Properties').fill(M);
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(3);
    for (const name of NAMES) await rowWith(page, name).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Update selected' }).waitFor();
    await passes(b, 'bulk-selected-desktop');

    await page.getByRole('button', { name: 'Update selected' }).click();
    const update = page.getByRole('dialog', { name: 'Update 3 properties' });
    await update.getByText('3 properties will change.').waitFor();
    await update.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'City' }).click();
    await update.getByRole('textbox', { name: 'New City' }).fill('Harrogate');
    await passes(b, 'bulk-update-desktop');
    await update.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: '3 properties updated' }).waitFor();
    for (const name of NAMES) await expect.poll(() => rowWith(page, name).textContent()).toContain('Harrogate');

    // Persisted: the API reads the new city back.
    const listed = await page.request.get(`${suite.server.url}/api/v1/properties?q=${M}`, { headers });
    expect(((await listed.json()).data as { city: string }[]).map((p) => p.city)).toEqual([
      'Harrogate',
      'Harrogate',
      'Harrogate',
    ]);

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByPlaceholder('Search Properties').fill(M);
    const cards = page.getByRole('listitem').filter({ hasText: M });
    await expect.poll(() => cards.count()).toBe(3);
    await page.getByRole('checkbox', { name: `Select ${M} House` }).check();
    await page.getByRole('checkbox', { name: `Select ${M} Court` }).check();
    await page.getByText('2 selected').waitFor();
    expect(await sideways(page)).toBe(0);
    await passes(b, 'bulk-selected-phone');
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete 2 properties?' });
    await remove.getByText('They will be moved to the trash all together, or none of them if one cannot be.').waitFor();
    expect(await sideways(page)).toBe(0);
    await passes(b, 'bulk-delete-phone');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alert').filter({ hasText: '2 properties deleted' }).waitFor();
    await expect.poll(() => cards.count()).toBe(1);

    const trash = await page.request.get(`${suite.server.url}/api/v1/properties/trash`, { headers });
    const inTrash = ((await trash.json()).data as { name: string }[]).map((p) => p.name);
    expect(inTrash).toEqual(expect.arrayContaining([`${M} House`, `${M} Court`]));
    expect(inTrash).not.toContain(`${M} Lodge`);
  });

  it('sets the status of three selected units at once', async () => {
    const b = await suite.open();
    const { page } = b;
    const headers = await apiHeaders(page);
    const F = fresh('Bulkford');
    const property = await page.request.post(`${suite.server.url}/api/v1/properties`, {
      headers,
      data: { name: `${F} House`, address_line_1: '2 Mill Lane', city: 'Leeds', postcode: 'LS1 4AP' },
    });
    expect(property.status()).toBe(201);
    const propertyId = (await property.json()).data.id as string;
    for (const n of [1, 2, 3]) {
      const made = await page.request.post(`${suite.server.url}/api/v1/units`, {
        headers,
        data: { name: `${F} ${n}`, property_id: propertyId, unit_status: 'Available' },
      });
      expect(made.status()).toBe(201);
    }

    await page.goto(suite.server.url + '/dashboard/unit');
    await listLoaded(page);
    // The property's units, by the list's Property filter.
    await choose(page, 'Property', `${F} House`);
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(3);
    for (const n of [1, 2, 3]) await rowWith(page, `${F} ${n}`).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Update selected' }).click();
    const update = page.getByRole('dialog', { name: 'Update 3 units' });
    await update.getByText('3 units will change.').waitFor();
    await update.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Unit status' }).click();
    await update.getByRole('combobox', { name: 'New Unit status' }).click();
    await page.getByRole('option', { name: 'Let', exact: true }).click();
    await passes(b, 'bulk-update-units-desktop');
    await update.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: '3 units updated' }).waitFor();
    // The list shows no status column: the API reads the new status back.

    const listed = await page.request.get(`${suite.server.url}/api/v1/units?q=${F}`, { headers });
    expect(((await listed.json()).data as { unit_status: string }[]).map((u) => u.unit_status)).toEqual([
      'Let',
      'Let',
      'Let',
    ]);
  });
});
