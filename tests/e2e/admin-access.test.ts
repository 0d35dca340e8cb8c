// Browser tests of who reaches which admin screen against the real server with the
// demo seed: admin sees Home/Users/Properties/Reports and is turned back from companies, roles and
// integrations; staff (system_user) from every admin list; each sees only the current company's records.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies } from '../../server/db/schema';
import { adminSuite, firstColumn, listLoaded, pathOf, shot, switchCompany } from './support/admin';

const suite = adminSuite();

describe('admin', () => {
  it('sees Home, Users, Properties and Reports and reaches the users and properties lists', async () => {
    const b = await suite.open('admin@example.com');
    const { page } = b;
    const nav = page.getByLabel('Main navigation');
    for (const item of ['Home', 'Users', 'Properties', 'Reports'])
      expect(await nav.getByText(item, { exact: true }).count(), item).toBe(1);
    for (const item of ['Roles', 'Companies', 'Units'])
      expect(await nav.getByText(item, { exact: true }).count(), item).toBe(0);

    await nav.getByText('Users', { exact: true }).click();
    await page.waitForURL(/\/dashboard\/users$/);
    await listLoaded(page);
    expect((await firstColumn(page)).sort()).toEqual(['Alex Admin', 'Sam Super', 'Stacey Staff']);
    // "View All Users" is for super_admin.
    expect(await page.getByRole('button', { name: 'View All Users' }).count()).toBe(0);
    await shot(b, 'access-admin-users');

    await nav.getByText('Properties', { exact: true }).click();
    await page.waitForURL(/\/dashboard\/property$/);
    await page.getByRole('heading', { level: 1, name: 'Properties' }).waitFor();
    await listLoaded(page);
    await expect
      .poll(async () => (await firstColumn(page)).sort())
      .toEqual(['Headingley Court', 'Kirkstall Mill Apartments', 'Roundhay Gardens', 'Wharf House']);
    await page.goto(suite.server.url + '/dashboard/unit');
    await listLoaded(page);
    await page.getByText('1–10 of 26').waitFor();
  });

  it('is sent to the dashboard from companies, roles and integrations', async () => {
    const { page } = await suite.open('admin@example.com');
    const [northgate] = await suite.server.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, 'Northgate Lettings'));
    for (const path of [
      '/dashboard/company',
      '/dashboard/company/create',
      `/dashboard/company/${northgate.id}/edit`,
      '/dashboard/roles',
      '/dashboard/roles/create',
      `/dashboard/companies/${northgate.id}/integrations/accounting/edit`,
    ]) {
      await page.goto(suite.server.url + path);
      await page.waitForURL(/\/dashboard$/);
      await page.getByText('Welcome, Alex Admin').waitFor();
      expect(pathOf(page), path).toBe('/dashboard');
    }
  });

  it('sees the properties of the company they switch to, and only those', async () => {
    const b = await suite.open('admin@example.com', 'Northgate Lettings');
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/property');
    await listLoaded(page);
    await page.getByText('Company: Northgate Lettings').waitFor();
    expect(await firstColumn(page)).toContain('Wharf House');
    await switchCompany(page, 'Thames Residential');
    expect(pathOf(page)).toBe('/dashboard/property');
    await page.getByText('Company: Thames Residential').waitFor();
    await expect
      .poll(async () => (await firstColumn(page)).sort())
      .toEqual(['Canary View', 'Greenwich Lofts', 'Islington Terrace', 'Riverside Quay']);
    await shot(b, 'access-admin-properties-thames');
    await page.goto(suite.server.url + '/dashboard/users');
    await listLoaded(page);
    expect((await firstColumn(page)).sort()).toEqual(['Alex Admin', 'Nina New', 'Sam Super']);
    // Admin has no Clyde Property Group to switch to.
    await page.getByRole('combobox', { name: 'Company' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Northgate Lettings', 'Thames Residential']);
    await page.keyboard.press('Escape');
  });
});

describe('staff (system_user)', () => {
  it('is sent to the dashboard from every admin list and form', async () => {
    const { page } = await suite.open('staff@example.com');
    expect(await page.getByLabel('Main navigation').count()).toBe(0);
    for (const path of [
      '/dashboard/users',
      '/dashboard/users/create',
      '/dashboard/property',
      '/dashboard/property/create',
      '/dashboard/unit',
      '/dashboard/unit/create',
      '/dashboard/roles',
      '/dashboard/company',
    ]) {
      await page.goto(suite.server.url + path);
      await page.waitForURL(/\/dashboard$/);
      await page.getByText('Welcome, Stacey Staff').waitFor();
      expect(pathOf(page), path).toBe('/dashboard');
    }
  });
});
