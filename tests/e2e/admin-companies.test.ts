// Browser tests of companies and their integrations (the company list, create and edit screens, the
// integration edit screen) against the real server with the demo seed, as super_admin.
import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { adminSuite, sortBy, firstColumn, listLoaded, pathOf, rowWith, shot, textbox } from './support/admin';

const suite = adminSuite();
const UUID = '[0-9a-f-]{36}';

describe('companies', () => {
  it('lists, searches, sorts, creates and edits companies', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.getByLabel('Main navigation').getByText('Companies', { exact: true }).click();
    await page.waitForURL(/\/dashboard\/company$/);
    await listLoaded(page);
    await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
    for (const h of ['Company name', 'Address']) await page.getByRole('columnheader', { name: h }).first().waitFor();
    expect((await firstColumn(page)).sort()).toEqual([
      'Clyde Property Group',
      'Northgate Lettings',
      'Thames Residential',
    ]);
    await rowWith(page, 'Northgate Lettings').getByText('14 Park Row, Leeds, LS1 5HD').waitFor();
    // Companies are not of one company: no "Company:" line.
    expect(await page.getByText(/^Company: /).count()).toBe(0);
    await shot(b, 'companies-list');

    await page.getByPlaceholder('by Company Name').fill('THAMES');
    await expect.poll(() => firstColumn(page)).toEqual(['Thames Residential']);
    await page.getByPlaceholder('by Company Name').fill('');
    await sortBy(page, 'Company name');
    await expect
      .poll(() => firstColumn(page))
      .toEqual(['Clyde Property Group', 'Northgate Lettings', 'Thames Residential']);
    await sortBy(page, 'Company name');
    await expect
      .poll(() => firstColumn(page))
      .toEqual(['Thames Residential', 'Northgate Lettings', 'Clyde Property Group']);

    // Create.
    await page.getByRole('link', { name: 'Create a Company' }).click();
    await page.waitForURL(/\/dashboard\/company\/create$/);
    await page.getByRole('heading', { level: 1, name: 'Create a Company' }).waitFor();
    await textbox(page, 'Company name').fill('Pennine Homes');
    await textbox(page, 'Address line 1').fill('3 Square Road');
    await textbox(page, 'City').fill('Halifax');
    await textbox(page, 'Postcode').fill('HX1 1QG');
    await shot(b, 'companies-create');
    await page.getByRole('button', { name: 'Create Company' }).click();
    await page.getByText('The company has been created. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/company$/);
    const row = rowWith(page, 'Pennine Homes');
    await row.getByText('3 Square Road, Halifax, HX1 1QG').waitFor();

    // Edit, at its canonical address.
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/dashboard/company/${UUID}/edit$`));
    await page.getByRole('heading', { level: 1, name: 'Edit Company' }).waitFor();
    await expect.poll(() => textbox(page, 'Company name').inputValue()).toBe('Pennine Homes');
    await page.getByText('This company has no properties yet.').waitFor();
    await textbox(page, 'City').fill('Huddersfield');
    await page.getByRole('button', { name: 'Update Company' }).click();
    await page.getByText('The company has been updated. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/company$/);
    await rowWith(page, 'Pennine Homes').getByText('3 Square Road, Huddersfield, HX1 1QG').waitFor();
  });

  it('sets an integration’s secret from the company edit screen, and never shows it again', async () => {
    const b = await suite.open();
    const { page } = b;
    const bodies: string[] = [];
    page.on('response', (r: Response) => {
      if (r.url().includes('/integrations'))
        void r.text().then(
          (t) => bodies.push(t),
          () => {},
        );
    });
    await page.goto(suite.server.url + '/dashboard/company');
    await listLoaded(page);
    await rowWith(page, 'Northgate Lettings').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/dashboard/company/(${UUID})/edit$`));
    const companyEdit = pathOf(page);
    const companyId = companyEdit.split('/')[3];
    await page.getByRole('heading', { level: 2, name: 'Integrations' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Properties' }).waitFor();
    await expect
      .poll(async () =>
        (
          await page
            .locator('section', { hasText: 'Property Name' })
            .locator('tbody tr td:first-child')
            .allTextContents()
        ).sort(),
      )
      .toEqual(['Headingley Court', 'Kirkstall Mill Apartments', 'Roundhay Gardens', 'Wharf House']);
    for (const label of ['Accounting (Xero)', 'Maintenance (Fixflo)', 'Property portal feed (Rightmove)'])
      await page.getByRole('link', { name: label }).waitFor();
    await shot(b, 'companies-edit');

    await page.getByRole('link', { name: 'Accounting (Xero)' }).click();
    await page.waitForURL(`**/dashboard/companies/${companyId}/integrations/accounting/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit Accounting (Xero)' }).waitFor();
    await textbox(page, 'Xero tenant ID').fill('xero-tenant-42');
    await textbox(page, 'Client ID').fill('client-7');
    await page.getByLabel('Client secret').fill('Very-Secret-Value-9');
    await shot(b, 'integration-edit');
    await page.getByRole('button', { name: 'Update Accounting (Xero)' }).click();
    await page.getByText('Accounting (Xero) settings have been updated. Redirecting...').waitFor();
    await page.waitForURL(`**${companyEdit}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Company' }).waitFor();

    // Reopened: the plain values are back, the secret is not (only that it is set).
    await page.getByRole('link', { name: 'Accounting (Xero)' }).click();
    await page.waitForURL(`**/integrations/accounting/edit`);
    await expect.poll(() => textbox(page, 'Xero tenant ID').inputValue()).toBe('xero-tenant-42');
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    await page.getByText('Set — leave blank to keep').waitFor();
    await shot(b, 'integration-edit-secret-set');
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).not.toContain('Very-Secret-Value-9');

    // Saving again without typing the secret keeps it; back links to the company.
    await page.getByRole('button', { name: 'Update Accounting (Xero)' }).click();
    await page.waitForURL(`**${companyEdit}`);
    await page.getByRole('link', { name: 'Accounting (Xero)' }).click();
    await page.getByText('Set — leave blank to keep').waitFor();
    await page.getByRole('link', { name: 'Back to Company' }).click();
    await page.waitForURL(`**${companyEdit}`);

    // Another integration: the phone rule (at least 10 characters) in the browser, the URL rule on
    // the server.
    await page.getByRole('link', { name: 'Maintenance (Fixflo)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Maintenance (Fixflo)' }).waitFor();
    const phone = page.getByRole('textbox', { name: 'Out-of-hours phone' });
    await phone.fill('0113 49');
    await page.getByRole('button', { name: 'Update Maintenance (Fixflo)' }).click();
    await page.getByText('Your phone number should be at least 10 characters long.').waitFor();
    await phone.fill('0113 496 0000');
    await page.getByRole('textbox', { name: 'API URL' }).fill('ftp://fixflo.example/api');
    await page.getByRole('button', { name: 'Update Maintenance (Fixflo)' }).click();
    await page.getByText('Could not update Maintenance (Fixflo)').waitFor();
    const urlHelp = page.locator('[data-form-key="api_url"] .MuiFormHelperText-root');
    await expect.poll(() => urlHelp.textContent()).not.toBe('For example https://yourcompany.fixflo.com/api/v2');
    await shot(b, 'integration-edit-invalid', { keepScroll: true });
    await page.getByRole('textbox', { name: 'API URL' }).fill('https://northgate.fixflo.example/api/v2');
    await page.getByRole('button', { name: 'Update Maintenance (Fixflo)' }).click();
    await page.getByText('Maintenance (Fixflo) settings have been updated. Redirecting...').waitFor();
    await page.waitForURL(`**${companyEdit}`);
  });

  it('opens a property of the company from its Properties table', async () => {
    // The current company (Clyde Property Group) is not the company whose property is opened.
    const b = await suite.open(undefined, 'Clyde Property Group');
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/company');
    await listLoaded(page);
    await rowWith(page, 'Northgate Lettings').getByRole('link', { name: 'Edit' }).click();
    const properties = page.locator('section', { hasText: 'Property Name' });
    await properties.locator('tr', { hasText: 'Wharf House' }).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/dashboard/property/${UUID}/edit$`));
    await page.getByRole('heading', { level: 1, name: 'Edit Property' }).waitFor();
    await expect.poll(() => textbox(page, 'Property name').inputValue()).toBe('Wharf House');
    // Its company became the current one (X-Tenant), as the header and the company line say.
    await page.getByText('Company: Northgate Lettings').waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Company' }).textContent())
      .toContain('Northgate Lettings');
    await page.getByRole('heading', { level: 2, name: 'Units' }).waitFor();
  });
});
