// Browser tests of users (list screen, server-defined forms, validation, failure texts) against the
// real server with the demo seed, as super_admin: the list with its pills, search, sort, paging with the
// persisted page size, "View All Users", create (with the invitation mail and the first sign-in),
// edit, validation, a duplicate email, and removal.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, userCompanies, users } from '../../server/db/schema';
import {
  adminSuite,
  passes,
  shot,
  sideways,
  sortBy,
  choose,
  firstColumn,
  listLoaded,
  pathOf,
  rowWith,
  signIn,
  SUPER,
  switchCompany,
  NORTHGATE,
  textbox,
} from './support/admin';

const suite = adminSuite();

async function openUsers(email = SUPER) {
  const b = await suite.open(email);
  await b.page.goto(suite.server.url + '/dashboard/users');
  await listLoaded(b.page);
  return b;
}

describe('one’s own user', () => {
  it('edits with the sign-in fields locked and the reason readable, on a desktop and a phone (axe clean)', async () => {
    const b = await openUsers();
    const { page } = b;
    const [me] = await suite.server.database.db.select({ id: users.id }).from(users).where(eq(users.email, SUPER));
    await page.goto(`${suite.server.url}/dashboard/users/${me.id}/edit`);
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.waitFor();
    expect(await email.isDisabled()).toBe(true);
    const reason = page
      .getByText('Yours: change it on your account page, which asks for your current password.')
      .first();
    await reason.waitFor();
    await passes(b, 'users-edit-own');
    await page.setViewportSize({ width: 390, height: 844 });
    await reason.waitFor();
    expect(await sideways(page)).toBe(0);
    await passes(b, 'users-edit-own-phone');
  });
});

describe('users list', () => {
  it('shows names, emails and pills, searches by email and sorts by name', async () => {
    const b = await openUsers();
    const { page } = b;
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByText('Company: Northgate Lettings').waitFor();
    for (const h of ['Name', 'Email', 'System Access', 'System Roles'])
      await page.getByRole('columnheader', { name: h }).first().waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await page.getByRole('link', { name: 'Create a User' }).waitFor();
    expect(await page.getByPlaceholder('Search Users').count()).toBe(1);

    // Northgate Lettings' users; the super admin's row has a pill per system and per role.
    expect((await firstColumn(page)).sort()).toEqual(['Alex Admin', 'Sam Super', 'Stacey Staff']);
    const sam = rowWith(page, 'superadmin@example.com');
    for (const pill of ['Everest', 'Portal', 'Super Admin', 'Manager', 'Editor']) {
      expect(await sam.locator('.MuiChip-root', { hasText: pill }).count(), pill).toBeGreaterThan(0);
    }
    await shot(b, 'users-list');

    // Search by email: case-insensitive substring.
    const search = page.getByPlaceholder('Search Users');
    await search.fill('STAFF@EXAMPLE');
    await expect.poll(() => firstColumn(page)).toEqual(['Stacey Staff']);
    await search.fill('Admin@Example.COM');
    await expect.poll(async () => (await firstColumn(page)).sort()).toEqual(['Alex Admin', 'Sam Super']);
    // Export: the searched list as CSV.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('users.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Name,Email,System Access,System Roles,Status,Last sign-in');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['Alex Admin', 'Sam Super']);
    await search.fill('nobody-here');
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(0);
    await search.fill('');
    await expect.poll(() => page.locator('table tbody tr').count()).toBe(3);

    // Sort by name: first click ascending, then it toggles.
    await sortBy(page, 'Name');
    await expect.poll(() => firstColumn(page)).toEqual(['Alex Admin', 'Sam Super', 'Stacey Staff']);
    await sortBy(page, 'Name');
    await expect.poll(() => firstColumn(page)).toEqual(['Stacey Staff', 'Sam Super', 'Alex Admin']);
    await sortBy(page, 'Name');
    await expect.poll(() => firstColumn(page)).toEqual(['Alex Admin', 'Sam Super', 'Stacey Staff']);
  });

  it('shows every company’s users with "View All Users"', async () => {
    const { page } = await openUsers();
    expect(await rowWith(page, 'Nina New').count()).toBe(0);
    await page.getByRole('button', { name: 'View All Users' }).click();
    await rowWith(page, 'Nina New').waitFor();
    expect((await firstColumn(page)).sort()).toEqual(['Alex Admin', 'Nina New', 'Sam Super', 'Stacey Staff']);
    expect(await page.getByText('Company: Northgate Lettings').count()).toBe(0);
    await page.getByRole('button', { name: 'View Company Users' }).click();
    await expect.poll(() => rowWith(page, 'Nina New').count()).toBe(0);
  });

  it('pages with ?page (page 1 omitted) and keeps the page size across reloads and sign-ins', async () => {
    // Twelve more users of Northgate Lettings: 15 in all, two pages of 10.
    const db = suite.server.database.db;
    const [northgate] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, 'Northgate Lettings'));
    const added = await db
      .insert(users)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          name: `Paging User ${String(i + 1).padStart(2, '0')}`,
          username: `paging${i + 1}@example.com`,
          email: `paging${i + 1}@example.com`,
        })),
      )
      .returning({ id: users.id });
    await db.insert(userCompanies).values(added.map((u) => ({ userId: u.id, companyId: northgate.id })));
    try {
      // Its own sign-in: logging out revokes the token.
      const b = await suite.open(SUPER, NORTHGATE, { fresh: true });
      const { page } = b;
      await page.goto(suite.server.url + '/dashboard/users');
      await listLoaded(page);
      await sortBy(page, 'Name');
      await expect.poll(() => page.locator('table tbody tr').count()).toBe(10);
      await page.getByText('1–10 of 15').waitFor();
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      await pager.getByRole('link', { name: 'Go to page 2' }).click();
      await expect.poll(() => pathOf(page)).toBe('/dashboard/users?page=2');
      await expect.poll(() => page.locator('table tbody tr').count()).toBe(5);
      await page.getByText('11–15 of 15').waitFor();
      await shot(b, 'users-list-page-2');
      await pager.getByRole('link', { name: 'Go to page 1' }).click();
      await expect.poll(() => pathOf(page)).toBe('/dashboard/users');

      await page.goto(suite.server.url + '/dashboard/users?page=2');
      await listLoaded(page);
      await choose(page, 'Results per page', '20');
      await expect.poll(() => pathOf(page)).toBe('/dashboard/users');
      await expect.poll(() => page.locator('table tbody tr').count()).toBe(15);
      expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);

      await page.reload();
      await listLoaded(page);
      await expect.poll(() => page.locator('table tbody tr').count()).toBe(15);
      await expect.poll(() => page.getByRole('combobox', { name: 'Results per page' }).textContent()).toBe('20');

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(/\/login$/);
      await signIn(page, suite.server.url, SUPER);
      await page.waitForURL(/\/dashboard$/);
      await switchCompany(page, NORTHGATE);
      await page.goto(suite.server.url + '/dashboard/users');
      await listLoaded(page);
      await expect.poll(() => page.locator('table tbody tr').count()).toBe(15);
      await expect.poll(() => page.getByRole('combobox', { name: 'Results per page' }).textContent()).toBe('20');
    } finally {
      for (const u of added) await db.delete(users).where(eq(users.id, u.id));
    }
  });
});

describe('user forms', () => {
  it('creates a user who gets the invitation mail and sets a password through its link; then edits them', async () => {
    const b = await openUsers();
    const { page } = b;
    await page.getByRole('link', { name: 'Create a User' }).click();
    await page.waitForURL(/\/dashboard\/users\/create$/);
    await page.getByRole('heading', { level: 1, name: 'Create a User' }).waitFor();
    await textbox(page, 'Name').waitFor();
    await shot(b, 'users-create');

    await textbox(page, 'Name').fill('Casey Created');
    await textbox(page, 'Email address').fill('casey.created@example.com');
    // The current company comes ticked; add another.
    expect(await page.getByRole('checkbox', { name: 'Northgate Lettings' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Thames Residential' }).check();
    await choose(page, 'Olympus role', 'Admin');
    await choose(page, 'Everest role', 'Viewer');
    const mailsBefore = suite.server.mail.messages.length;
    await page.getByRole('button', { name: 'Create User' }).click();
    await page.getByText('The user has been created. Redirecting...').waitFor();
    await shot(b, 'users-create-success');
    await page.waitForURL(/\/dashboard\/users$/);
    const row = rowWith(page, 'casey.created@example.com');
    await row.waitFor();
    expect(await row.locator('td').first().textContent()).toBe('Casey Created');
    for (const pill of ['Everest', 'Admin', 'Viewer'])
      expect(await row.locator('.MuiChip-root', { hasText: pill }).count(), pill).toBeGreaterThan(0);

    // Invited until they set a password: the list says so.
    expect(await row.locator('.MuiChip-root', { hasText: 'Invited' }).count()).toBe(1);
    expect(await row.textContent()).toContain('Never');

    // The invitation mail carries a link (no password); the new starter sets their password there.
    const mail = await suite.server.mail.waitFor('casey.created@example.com', { after: mailsBefore });
    expect(mail.subject).toBe('Your Olympus account');
    expect(mail.text).not.toMatch(/password:/i);
    const link = /(http:\/\/\S+\/invitation#[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const guest = await suite.openGuest();
    await guest.page.goto(link!);
    await guest.page.getByRole('heading', { name: 'Welcome to Olympus' }).waitFor();
    await expect.poll(() => guest.page.getByLabel('Email Address').inputValue()).toBe('casey.created@example.com');
    await guest.page.getByLabel('New Password', { exact: true }).fill('Casey-Chosen-2026');
    await guest.page.getByLabel('Confirm New Password').fill('Casey-Chosen-2026');
    await guest.page.getByRole('button', { name: 'Set Password' }).click();
    await guest.page.getByText('Your password has been set. You can now sign in.').waitFor();
    await guest.page.waitForURL(/\/login-form$/);
    await signIn(guest.page, suite.server.url, 'casey.created@example.com', 'Casey-Chosen-2026');
    await guest.page.waitForURL(/\/dashboard$/);

    // Edit: change the name.
    await row.getByRole('link', { name: 'Edit User' }).click();
    await page.waitForURL(/\/dashboard\/users\/[0-9a-f-]{36}\/edit$/);
    await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
    const name = textbox(page, 'Name');
    await expect.poll(() => name.inputValue()).toBe('Casey Created');
    expect(await textbox(page, 'Email address').inputValue()).toBe('casey.created@example.com');
    expect(await page.getByRole('checkbox', { name: 'Thames Residential' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Olympus role' }).textContent()).toBe('Admin');
    await shot(b, 'users-edit');
    await name.fill('Casey Renamed');
    await page.getByRole('button', { name: 'Update User' }).click();
    await page.getByText('The user has been updated. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/users$/);
    await rowWith(page, 'Casey Renamed').waitFor();
    expect(await rowWith(page, 'Casey Created').count()).toBe(0);
  });

  it('validates an empty form and shows the server’s duplicate-email error on the field', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/users/create');
    const name = textbox(page, 'Name');
    await name.waitFor();
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/users')) posts++;
    });
    await page.getByRole('button', { name: 'Create User' }).click();
    await page.getByText('The highlighted fields are required.').waitFor();
    await page.getByText('Please enter a value for Name').waitFor();
    await page.getByText('A valid email is required').waitFor();
    expect(posts).toBe(0);
    await shot(b, 'users-create-validation');

    await name.fill('Dupe Person');
    await textbox(page, 'Email address').fill('ADMIN@example.com');
    await page.getByRole('button', { name: 'Create User' }).click();
    await page.getByText('Could not create the user').waitFor();
    const emailHelp = page.locator('[data-form-key="email"] .MuiFormHelperText-root');
    await expect.poll(() => emailHelp.textContent()).toBe('The email has already been taken.');
    expect(posts).toBe(1);
    expect(pathOf(page)).toBe('/dashboard/users/create');
    await shot(b, 'users-create-duplicate');
  });

  it('removes a user only after "Yes, delete the user"', async () => {
    // A user to remove, made through the API like the form does.
    const b = await openUsers();
    const { page } = b;
    const res = await page.evaluate(async () => {
      const s = JSON.parse(localStorage.getItem('olympus.auth') ?? '{}');
      const r = await fetch('/api/v1/users', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: `Bearer ${s.access_token}`,
          'X-Tenant': s.currentCompany,
        },
        body: JSON.stringify({ name: 'Rita Remove', email: 'rita.remove@example.com' }),
      });
      return r.status;
    });
    expect(res).toBe(201);
    await page.reload();
    const row = rowWith(page, 'rita.remove@example.com');
    await row.waitFor();
    const rowsBefore = await page.locator('table tbody tr').count();

    await row.getByRole('button', { name: 'Remove User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure?').waitFor();
    await dialog.getByText('You will not be able to recover this user').waitFor();
    await shot(b, 'users-remove-confirm');
    await dialog.getByRole('button', { name: 'No, keep the user' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);

    await row.getByRole('button', { name: 'Remove User' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete the user' }).click();
    await page.getByRole('dialog').getByText('Deleted!').waitFor();
    await page.getByRole('dialog').getByText('The user has been deleted.').waitFor();
    await shot(b, 'users-remove-done');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.reload();
    await listLoaded(page);
    expect(await rowWith(page, 'rita.remove@example.com').count()).toBe(0);
    expect(await page.locator('table tbody tr').count()).toBe(rowsBefore - 1);
  });

  it('shows the server’s message in an "Error" dialog when a removal is refused', async () => {
    const b = await openUsers();
    const { page } = b;
    await rowWith(page, 'superadmin@example.com').getByRole('button', { name: 'Remove User' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete the user' }).click();
    await page.getByRole('dialog').getByText('Error', { exact: true }).waitFor();
    await page.getByRole('dialog').getByText('You cannot delete your own account.').waitFor();
    await shot(b, 'users-remove-error');
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    expect(await rowWith(page, 'superadmin@example.com').count()).toBe(1);
  });
});
