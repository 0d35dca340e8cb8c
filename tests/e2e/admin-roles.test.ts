// Browser tests of roles and permissions (the role list, create and edit screens) against the
// real server with the demo seed, as super_admin.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roles } from '../../server/db/schema';
import type { Dialog, Page } from 'playwright-core';
import { adminSuite, firstColumn, listLoaded, rowWith, shot, textbox } from './support/admin';

const suite = adminSuite();
const UUID = '[0-9a-f-]{36}';

/** Answers every browser confirm with `yes` and records its text. */
function answerConfirms(page: Page, yes: () => boolean) {
  const asked: string[] = [];
  page.on('dialog', (d: Dialog) => {
    asked.push(d.message());
    void (yes() ? d.accept() : d.dismiss());
  });
  return asked;
}

const box = (page: Page, label: string) => page.getByRole('checkbox', { name: label, exact: true });

describe('roles', () => {
  it('lists the roles, without Edit or Remove for super_admin', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.getByLabel('Main navigation').getByText('Roles', { exact: true }).click();
    await page.waitForURL(/\/dashboard\/roles$/);
    await listLoaded(page);
    await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
    await page.getByRole('link', { name: 'Back to Roles' }).waitFor();
    expect((await firstColumn(page)).sort()).toEqual(['Admin', 'Super Admin', 'System User']);
    const superAdmin = rowWith(page, 'Super Admin');
    expect(await superAdmin.getByRole('link', { name: 'Edit Role' }).count()).toBe(0);
    expect(await superAdmin.getByRole('button', { name: 'Remove Role' }).count()).toBe(0);
    for (const role of ['Admin', 'System User']) {
      const row = page.locator('table tbody tr').filter({ has: page.getByRole('cell', { name: role, exact: true }) });
      await row.getByRole('link', { name: 'Edit Role' }).waitFor();
      await row.getByRole('button', { name: 'Remove Role' }).waitFor();
    }
    await shot(b, 'roles-list');
    await page.getByPlaceholder('Search Roles').fill('system');
    await expect.poll(() => firstColumn(page)).toEqual(['System User']);

    // Nor is its edit screen a form, even when asked for by address.
    const [superRole] = await suite.server.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, 'super_admin'));
    await page.goto(`${suite.server.url}/dashboard/roles/${superRole.id}/edit`);
    await page.getByText('The Super Admin role cannot be edited.').waitFor();
    expect(await page.getByRole('button', { name: 'Update Role' }).count()).toBe(0);
  });

  it('creates a role from the server’s form, edits its permissions by group and wildcard, and removes it', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/roles');
    await listLoaded(page);
    await page.getByRole('link', { name: 'Create a Role' }).click();
    await page.waitForURL(/\/dashboard\/roles\/create$/);
    await page.getByRole('heading', { level: 1, name: 'Create a Role' }).waitFor();
    // One group per permission prefix, title-cased.
    for (const group of ['Users', 'Companies', 'Properties', 'Units', 'Roles', 'Integrations', 'Reports', 'Systems']) {
      await page.getByRole('heading', { level: 2, name: group, exact: true }).waitFor();
    }
    await textbox(page, 'Name').fill('auditor');
    await textbox(page, 'Label').fill('Auditor');
    // The group checkbox ticks the whole group; a second click clears it.
    await box(page, 'Select all Properties').check();
    for (const p of [
      'All property permissions',
      'View properties',
      'Create properties',
      'Update properties',
      'Delete properties',
    ])
      expect(await box(page, p).isChecked(), p).toBe(true);
    await box(page, 'Select all Properties').uncheck();
    expect(await box(page, 'View properties').isChecked()).toBe(false);
    await box(page, 'Select all Reports').check();
    await box(page, 'View units').check();
    await shot(b, 'roles-create');
    await page.getByRole('button', { name: 'Create Role' }).click();
    await page.getByText('The role has been created. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/roles$/);
    const row = page
      .locator('table tbody tr')
      .filter({ has: page.getByRole('cell', { name: 'Auditor', exact: true }) });
    await row.waitFor();

    // Edit: grouped by prefix, label with the name as help, the wildcard toggles its group.
    await row.getByRole('link', { name: 'Edit Role' }).click();
    await page.waitForURL(new RegExp(`/dashboard/roles/${UUID}/edit$`));
    await page.getByRole('heading', { level: 1, name: 'Edit Role' }).waitFor();
    await expect.poll(() => textbox(page, 'Label').inputValue()).toBe('Auditor');
    expect(await textbox(page, 'Name').inputValue()).toBe('auditor');
    const usersGroup = page.getByRole('group', { name: 'Users', exact: true });
    await usersGroup.waitFor();
    await usersGroup.getByText('users.view_all', { exact: true }).waitFor();
    // Each checkbox is described by its permission name.
    const viewUsers = box(page, 'View users');
    expect(await viewUsers.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.locator(`[id="${await viewUsers.getAttribute('aria-describedby')}"]`).textContent()).toBe(
      'users.view',
    );
    expect(await box(page, 'All report permissions').isChecked()).toBe(true);
    expect(await box(page, 'Access reports').isChecked()).toBe(true);
    expect(await box(page, 'View units').isChecked()).toBe(true);
    expect(await box(page, 'Create units').isChecked()).toBe(false);
    await box(page, 'All user permissions').check();
    for (const p of ['View users', 'Create users', 'Update users', 'Delete users', 'View users of every company'])
      expect(await box(page, p).isChecked(), p).toBe(true);
    expect(await box(page, 'View companies').isChecked()).toBe(false);
    await shot(b, 'roles-edit');
    // While a wildcard is ticked its permissions are ticked and locked; unticking it gives them back
    // as stored (ticked, by "Select all Reports"), unlocked.
    expect(await box(page, 'View users').isDisabled()).toBe(true);
    await page.getByText('included in users.*').first().waitFor();
    await box(page, 'All report permissions').uncheck();
    expect(await box(page, 'Access reports').isChecked()).toBe(true);
    expect(await box(page, 'Access reports').isEnabled()).toBe(true);
    await box(page, 'Access reports').uncheck();
    await box(page, 'Manage reports').uncheck();
    expect(await box(page, 'Access reports').isChecked()).toBe(false);
    await textbox(page, 'Label').fill('Auditor (read only)');
    await page.getByRole('button', { name: 'Update Role' }).click();
    await page.getByText('The role has been updated. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/roles$/);
    const renamed = page
      .locator('table tbody tr')
      .filter({ has: page.getByRole('cell', { name: 'Auditor (read only)', exact: true }) });
    await renamed.waitFor();

    // What was saved.
    await renamed.getByRole('link', { name: 'Edit Role' }).click();
    await expect.poll(() => textbox(page, 'Label').inputValue()).toBe('Auditor (read only)');
    expect(await box(page, 'Delete users').isChecked()).toBe(true);
    expect(await box(page, 'Manage reports').isChecked()).toBe(false);
    await page.getByRole('link', { name: 'Back to Roles' }).click();
    await page.waitForURL(/\/dashboard\/roles$/);

    // Remove: the browser's confirm.
    let yes = false;
    const asked = answerConfirms(page, () => yes);
    await renamed.getByRole('button', { name: 'Remove Role' }).click();
    await expect.poll(() => asked).toEqual(['Are you sure you want to delete this item?']);
    await page.waitForTimeout(300);
    expect(await renamed.count()).toBe(1);
    yes = true;
    await renamed.getByRole('button', { name: 'Remove Role' }).click();
    await expect.poll(() => renamed.count()).toBe(0);
    await page.getByText('The item has been deleted.').waitFor();
    await page.reload();
    await listLoaded(page);
    expect((await firstColumn(page)).sort()).toEqual(['Admin', 'Super Admin', 'System User']);
  });

  it('says so when a role still given to users cannot be removed', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/roles');
    await listLoaded(page);
    answerConfirms(page, () => true);
    const admin = page
      .locator('table tbody tr')
      .filter({ has: page.getByRole('cell', { name: 'Admin', exact: true }) });
    await admin.getByRole('button', { name: 'Remove Role' }).click();
    await page.getByText('Could not delete the Item').waitFor();
    expect(await admin.count()).toBe(1);
    await shot(b, 'roles-remove-refused');
  });

  it('validates the role form', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/roles/create');
    await textbox(page, 'Name').waitFor();
    await page.getByRole('button', { name: 'Create Role' }).click();
    await page.getByText('The highlighted fields are required.').waitFor();
    await page.getByText('Please enter a value for Name').waitFor();
    await page.getByText('Please enter a value for Label').waitFor();
    // A taken name: the server's message on the field.
    await textbox(page, 'Name').fill('Admin');
    await textbox(page, 'Label').fill('Another admin');
    await page.getByRole('button', { name: 'Create Role' }).click();
    await page.getByText('Could not create the role').waitFor();
    await page.getByText('The role name has already been taken.').waitFor();
    await shot(b, 'roles-create-invalid');
  });
});
