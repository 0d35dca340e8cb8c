// Browser tests of invitations against the real server: an admin creates a colleague, the invitation
// mail reaches the SMTP receiver, the admin copies a fresh link from user edit (the mailed one then
// says it was replaced), the colleague opens it in a fresh browser on a 390 px phone, sets a password
// and signs in; the users list then shows them active. The page passes axe (WCAG 2.1 A/AA) on the
// phone and at desktop width, and an expired link explains itself.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { adminSuite, listLoaded, rowWith, shot, signIn, textbox } from './support/admin';
import { seriousViolations } from './support/axe';

const suite = adminSuite();
const ADMIN = 'admin@example.com';
const linkIn = (text: string) => /(http:\/\/\S+\/invitation#[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('invitations', () => {
  it('an admin invites a colleague, copies a fresh link; the colleague sets a password on a phone and signs in', async () => {
    const admin = await suite.open(ADMIN);
    const { page } = admin;
    await page.goto(suite.server.url + '/dashboard/users/create');
    await textbox(page, 'Name').waitFor();
    await textbox(page, 'Name').fill('Ivy Invited');
    await textbox(page, 'Email address').fill('ivy.invited@example.com');
    const mailsBefore = suite.server.mail.messages.length;
    await page.getByRole('button', { name: 'Create User' }).click();
    await page.getByText('The user has been created. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/users$/);
    await listLoaded(page);
    const row = rowWith(page, 'ivy.invited@example.com');
    await row.locator('.MuiChip-root', { hasText: 'Invited' }).waitFor();
    await shot(admin, 'invitation-users-list');

    // The mail: a link, no password.
    const mail = await suite.server.mail.waitFor('ivy.invited@example.com', { after: mailsBefore });
    expect(mail.text).not.toMatch(/password:/i);
    expect(mail.text).toContain('expires in 72 hours and works once');
    const mailed = linkIn(mail.text);
    expect(mailed).toBeTruthy();

    // User edit: the invitation section; copying makes a fresh link (the clipboard holds it).
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await row.getByRole('link', { name: 'Edit User' }).click();
    const section = page.getByRole('region', { name: 'Invitation' });
    await section.getByText(/^Sent .*; the link expires /).waitFor();
    await section.getByText('A new link is made each time: links sent or copied earlier stop working.').waitFor();
    await shot(admin, 'invitation-user-edit');
    await section.getByRole('button', { name: 'Copy invitation link' }).click();
    await page.getByText('The invitation link has been copied. Earlier links no longer work.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/invitation#[A-Za-z0-9_-]{43}$/);
    expect(copied).not.toBe(mailed);
    expect(await seriousViolations(page)).toEqual([]);

    // The colleague, in a browser of their own: the mailed link was replaced by the copied one.
    const colleague = await suite.openGuest();
    const phone = colleague.page;
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(mailed!);
    await phone.getByText('This invitation has been replaced by a newer one.', { exact: false }).waitFor();
    await phone.getByRole('link', { name: 'Back to Login' }).waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    await shot(colleague, 'invitation-replaced-phone');

    await phone.goto(copied);
    await phone.getByRole('heading', { name: 'Welcome to Olympus' }).waitFor();
    await expect.poll(() => phone.getByLabel('Email Address').inputValue()).toBe('ivy.invited@example.com');
    // The token has left the address bar (history, screenshots, error reports).
    expect(new URL(phone.url()).hash).toBe('');
    await phone.getByLabel('New Password', { exact: true }).fill('ivy');
    await phone.getByText('An upper case letter').waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(phone)).toEqual([]);
    await shot(colleague, 'invitation-phone');
    await phone.getByLabel('New Password', { exact: true }).fill('Ivy-Chosen-Password-1');
    await phone.getByLabel('Confirm New Password').fill('Ivy-Chosen-Password-1');
    await phone.getByRole('button', { name: 'Set Password' }).click();
    await phone.getByText('Your password has been set. You can now sign in.').waitFor();
    await shot(colleague, 'invitation-done-phone');
    await phone.waitForURL(/\/login-form$/);
    await signIn(phone, suite.server.url, 'ivy.invited@example.com', 'Ivy-Chosen-Password-1');
    await phone.waitForURL(/\/dashboard$/);

    // The link worked once.
    await phone.goto(copied);
    await phone.getByText('This invitation has already been used.', { exact: false }).waitFor();
    await phone.getByRole('link', { name: 'Forgot Password?' }).waitFor();

    // The admin's list: active now, with today's sign-in; the invitation section is gone.
    await page.goto(suite.server.url + '/dashboard/users');
    await listLoaded(page);
    await rowWith(page, 'ivy.invited@example.com').locator('.MuiChip-root', { hasText: 'Active' }).waitFor();
    expect(await rowWith(page, 'ivy.invited@example.com').locator('time').count()).toBe(1);
  });

  it('an expired link says so and how to get a new one, at desktop width', async () => {
    const admin = await suite.open(ADMIN);
    const mailsBefore = suite.server.mail.messages.length;
    const res = await admin.page.evaluate(
      async ({ url }) => {
        const auth = JSON.parse(localStorage.getItem('olympus.auth') ?? '{}');
        const r = await fetch(url + '/api/v1/users', {
          method: 'POST',
          headers: {
            authorization: `Bearer ${auth.access_token}`,
            'x-tenant': auth.currentCompany,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ name: 'Late Larry', email: 'late.larry@example.com' }),
        });
        return r.status;
      },
      { url: suite.server.url },
    );
    expect(res).toBe(201);
    const link = linkIn((await suite.server.mail.waitFor('late.larry@example.com', { after: mailsBefore })).text);
    await suite.server.database.db.execute(sql`update invitations set expires_at = now() - interval '1 minute'
      where user_id = (select id from users where email = 'late.larry@example.com')`);
    const guest = await suite.openGuest();
    await guest.page.goto(link!);
    await guest.page.getByText('This invitation has expired. Ask your administrator to send you a new one.').waitFor();
    expect(await seriousViolations(guest.page)).toEqual([]);
    await shot(guest, 'invitation-expired');
  });
});
