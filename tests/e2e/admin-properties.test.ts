// Browser tests of properties and units (their list, create and edit screens) against the real
// server with the demo seed, as super_admin in Northgate Lettings (4 properties, 26 units).
import { describe, expect, it } from 'vitest';
import type { Dialog } from 'playwright-core';
import {
  adminSuite,
  choose,
  firstColumn,
  listLoaded,
  pathOf,
  rowWith,
  shot,
  sortBy,
  textbox,
  dataCells,
  columnTexts,
} from './support/admin';

const suite = adminSuite();
const UUID = '[0-9a-f-]{36}';
const NORTHGATE_PROPERTIES = ['Headingley Court', 'Kirkstall Mill Apartments', 'Roundhay Gardens', 'Wharf House'];

describe('properties', () => {
  it('lists, searches and sorts the company’s properties', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.getByLabel('Main navigation').getByText('Properties', { exact: true }).click();
    await page.waitForURL(/\/dashboard\/property$/);
    await listLoaded(page);
    await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
    await page.getByText('Company: Northgate Lettings').waitFor();
    for (const h of ['Name', 'Company', 'Address']) await page.getByRole('columnheader', { name: h }).first().waitFor();
    expect((await firstColumn(page)).sort()).toEqual(NORTHGATE_PROPERTIES);
    await rowWith(page, 'Wharf House').getByText('12 Wharf Approach, Leeds, LS1 4BR').waitFor();
    expect(await rowWith(page, 'Wharf House').getByText('Northgate Lettings').count()).toBe(1);
    await shot(b, 'properties-list');

    await page.getByPlaceholder('Search Properties').fill('wHARF');
    await expect.poll(() => firstColumn(page)).toEqual(['Wharf House']);
    await page.getByPlaceholder('Search Properties').fill('');
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(4);
    await sortBy(page, 'Name');
    await expect.poll(() => firstColumn(page)).toEqual(NORTHGATE_PROPERTIES);
    await sortBy(page, 'Name');
    await expect.poll(() => firstColumn(page)).toEqual([...NORTHGATE_PROPERTIES].reverse());
  });

  it('creates and edits a property; the edit screen lists its units', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/property');
    await listLoaded(page);
    await page.getByRole('link', { name: 'Create a Property' }).click();
    await page.waitForURL(/\/dashboard\/property\/create$/);
    await page.getByRole('heading', { level: 1, name: 'Create a Property' }).waitFor();
    await page.getByText('Company: Northgate Lettings').waitFor();
    await textbox(page, 'Property name').fill('Calder View');
    await textbox(page, 'Address line 1').fill('2 Canal Wharf');
    await textbox(page, 'City').fill('Leeds');
    await textbox(page, 'Postcode').fill('LS11 5PS');
    await page.getByRole('spinbutton', { name: 'Latitude' }).fill('53.79');
    await shot(b, 'properties-create');
    await page.getByRole('button', { name: 'Create Property' }).click();
    await page.getByText('The property has been created. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/property$/);
    const row = rowWith(page, 'Calder View');
    await row.getByText('2 Canal Wharf, Leeds, LS11 5PS').waitFor();

    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/dashboard/property/${UUID}/edit$`));
    await page.getByRole('heading', { level: 1, name: 'Edit Property' }).waitFor();
    await expect.poll(() => textbox(page, 'Property name').inputValue()).toBe('Calder View');
    expect(await page.getByRole('spinbutton', { name: 'Latitude' }).inputValue()).toBe('53.79');
    // The slug was derived from the name.
    expect(await textbox(page, 'Slug').inputValue()).toBe('calder-view');
    await page.getByText('This property has no units yet.').waitFor();
    await textbox(page, 'Property name').fill('Calder View House');
    await page.getByRole('button', { name: 'Update Property' }).click();
    await page.getByText('The property has been updated. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/property$/);
    await rowWith(page, 'Calder View House').waitFor();

    // A seeded property: its Units table (Unit Name from unit_ref, Type, Status) with Edit links.
    await rowWith(page, 'Wharf House').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/dashboard/property/${UUID}/edit$`));
    const units = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'Units' }) });
    for (const h of ['Unit Name', 'Type', 'Status'])
      await units.getByRole('columnheader', { name: h, exact: true }).waitFor();
    await expect.poll(() => units.locator('tbody tr').count()).toBe(7);
    const first = (await units.locator('tbody tr').first().locator('td').allTextContents()).slice(0, 3);
    expect(first[0]).toMatch(/^NGL-01-/);
    expect(['Flat', 'Studio', 'House', 'Maisonette', 'Penthouse', 'Townhouse']).toContain(first[1]);
    expect(['Available', 'Let', 'Under Offer', 'Maintenance']).toContain(first[2]);
    await shot(b, 'properties-edit');
    await units.locator('tbody tr').first().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/dashboard/unit/${UUID}/edit$`));
    await page.getByRole('heading', { level: 1, name: 'Edit Unit' }).waitFor();
    await expect.poll(() => textbox(page, 'Unit reference').inputValue()).toBe(first[0]);
  });

  it('refuses to delete a property that still has units, with a readable message', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/property');
    await listLoaded(page);
    const href = await rowWith(page, 'Wharf House').getByRole('link', { name: 'Edit' }).getAttribute('href');
    const id = /property\/([^/]+)\/edit/.exec(href ?? '')?.[1];
    // The list offers no removal; the API call the SPA's dataProvider would make, with its headers.
    const answer = await page.evaluate(async (propertyId) => {
      const s = JSON.parse(localStorage.getItem('olympus.auth') ?? '{}');
      const r = await fetch(`/api/v1/properties/${propertyId}`, {
        method: 'DELETE',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: `Bearer ${s.access_token}`,
          'X-Tenant': s.currentCompany,
        },
      });
      return { status: r.status, body: await r.json() };
    }, id);
    expect(answer).toEqual({ status: 409, body: { message: 'This property still has units. Remove them first.' } });
    await page.reload();
    await rowWith(page, 'Wharf House').waitFor();
  });
});

describe('units', () => {
  it('lists the units (no navigation link), searches by unit type and pages', async () => {
    const b = await suite.open();
    const { page } = b;
    expect(await page.getByLabel('Main navigation').getByText('Units', { exact: true }).count()).toBe(0);
    await page.goto(suite.server.url + '/dashboard/unit');
    await listLoaded(page);
    await page.getByRole('heading', { level: 1, name: 'Units' }).waitFor();
    for (const h of ['Unit Name', 'Unit Type', 'Property', 'Bedrooms', 'Bathrooms'])
      await page.getByRole('columnheader', { name: h }).first().waitFor();
    await page.getByText('1–10 of 26').waitFor();
    await shot(b, 'units-list');

    const search = page.getByPlaceholder('Search Unit Types');
    await search.fill('studio');
    await expect.poll(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
    const types = await columnTexts(page, 1);
    expect(new Set(types)).toEqual(new Set(['Studio']));
    // Unit type only: a property name finds nothing.
    await search.fill('Wharf');
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(0);
    await search.fill('');

    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('link', { name: 'Go to page 3' }).click();
    await expect.poll(() => pathOf(page)).toBe('/dashboard/unit?page=3');
    await page.getByText('21–26 of 26').waitFor();
    await pager.getByRole('link', { name: 'Go to first page' }).click();
    await expect.poll(() => pathOf(page)).toBe('/dashboard/unit');
  });

  it('creates, edits and removes a unit', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/unit');
    await listLoaded(page);
    await page.getByRole('link', { name: 'Create a Unit' }).click();
    await page.waitForURL(/\/dashboard\/unit\/create$/);
    await page.getByRole('heading', { level: 1, name: 'Create a Unit' }).waitFor();
    await textbox(page, 'Unit name').fill('Garden Flat 99');
    await choose(page, 'Property', 'Headingley Court');
    await textbox(page, 'Unit reference').fill('NGL-03-99');
    await choose(page, 'Unit type', 'Maisonette');
    await choose(page, 'Unit status', 'Available');
    await page.getByRole('spinbutton', { name: 'Bedrooms' }).fill('2');
    await page.getByRole('spinbutton', { name: 'Bathrooms' }).fill('1');
    await page.getByRole('checkbox', { name: 'Furnished' }).check();
    await shot(b, 'units-create');
    await page.getByRole('button', { name: 'Create Unit' }).click();
    await page.getByText('The unit has been created. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/unit$/);
    await listLoaded(page);
    // Every unit on one page.
    await choose(page, 'Results per page', '40');
    const row = rowWith(page, 'Garden Flat 99');
    await row.waitFor();
    expect((await dataCells(row).allTextContents()).slice(0, 5)).toEqual([
      'Garden Flat 99',
      'Maisonette',
      'Headingley Court',
      '2',
      '1',
    ]);

    // The row is far down the page; its edit screen opens at the top.
    await row.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await row.getByRole('link', { name: 'Edit Unit' }).click();
    await page.waitForURL(new RegExp(`/dashboard/unit/${UUID}/edit$`));
    await page.getByRole('heading', { level: 1, name: 'Edit Unit' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Bedrooms' }).inputValue()).toBe('2');
    await expect.poll(() => page.getByRole('combobox', { name: 'Property' }).textContent()).toBe('Headingley Court');
    expect(await page.getByRole('checkbox', { name: 'Furnished' }).isChecked()).toBe(true);
    await shot(b, 'units-edit');
    await page.getByRole('spinbutton', { name: 'Bedrooms' }).fill('3');
    await page.getByRole('button', { name: 'Update Unit' }).click();
    await page.getByText('The unit has been updated. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/unit$/);
    await expect.poll(async () => (await dataCells(row).allTextContents())[3]).toBe('3');

    // Remove: the browser's confirm; dismissing keeps the unit.
    const asked: string[] = [];
    let answer = false;
    const onDialog = (d: Dialog) => {
      asked.push(`${d.type()}: ${d.message()}`);
      void (answer ? d.accept() : d.dismiss());
    };
    page.on('dialog', onDialog);
    await row.getByRole('button', { name: 'Remove Unit' }).click();
    await expect.poll(() => asked).toEqual(['confirm: Are you sure you want to delete this item?']);
    await page.waitForTimeout(300);
    expect(await row.count()).toBe(1);
    answer = true;
    await row.getByRole('button', { name: 'Remove Unit' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByText('The item has been deleted.').waitFor();
    await shot(b, 'units-removed');
    // Notices are dismissable (0.3 s fade).
    await page
      .getByRole('alert')
      .filter({ hasText: 'The item has been deleted.' })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect.poll(() => page.getByText('The item has been deleted.').count()).toBe(0);
    page.off('dialog', onDialog);
    await page.reload();
    await listLoaded(page);
    expect(await rowWith(page, 'Garden Flat 99').count()).toBe(0);
    await page.getByText('1–26 of 26').waitFor();
  });
});
