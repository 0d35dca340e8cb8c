// Browser tests of signing in against the real server (built SPA + API + PGlite + demo seed) and a real
// SMTP receiver: landing → login → dashboard → company switch → hand-off → logout; first login;
// password reset with the code read from the received mail; route guard.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { DEMO_PASSWORD, startServer, type RunningServer } from './support/server';
import { openBrowser, type BrowserSession } from './support/browser';

let server: RunningServer;
let b: BrowserSession;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(async (ctx) => {
  if (b) {
    if (ctx.task.result?.state === 'fail')
      await b.screenshot('failed-' + ctx.task.name.replace(/\W+/g, '-')).catch(() => {});
    expect(b.outbound, 'requests that left loopback').toEqual([]);
    expect(b.errors, 'uncaught page errors').toEqual([]);
    await b.close();
  }
});

const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

async function signIn(page: Page, email: string, password = DEMO_PASSWORD, query = '') {
  await page.goto(server.url + '/login-form' + query);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('signing in and out', () => {
  it('goes from the landing page to the dashboard, switches company, hands off to a system and logs out', async () => {
    b = await openBrowser();
    const { page } = b;
    await page.goto(server.url + '/');
    await expect.poll(() => page.getByRole('img', { name: 'Olympus' }).first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Login to Olympus' }).click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByRole('button', { name: 'Login with Azure' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Login with email and password' }).click();
    await page.waitForURL(/\/login-form$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Login to Olympus' }).isVisible()).toBe(true);

    await page.getByLabel('Email Address').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login successful. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Welcome, Alex Admin').waitFor();
    await page.getByText('Your Olympus role: Admin').waitFor();
    await page.getByText('Select a System below:').waitFor();
    await expect.poll(() => page.getByText('Everest', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Portal', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('or', { exact: true }).count()).toBe(1);
    await b.screenshot('dashboard-admin');

    // Navigation for admin: Home, Users, Properties; not Roles or Companies.
    const nav = page.getByLabel('Main navigation');
    for (const item of ['Home', 'Users', 'Properties', 'Reports'])
      expect(await nav.getByText(item, { exact: true }).count()).toBe(1);
    for (const item of ['Roles', 'Companies']) expect(await nav.getByText(item, { exact: true }).count()).toBe(0);

    // Company switch: the page reloads and every call carries the new X-Tenant.
    const tenants: string[] = [];
    page.on('request', (r: Request) => {
      if (r.url().includes('/api/v1/session')) tenants.push(r.headers()['x-tenant'] ?? '');
    });
    await page.getByRole('combobox', { name: 'Company' }).click();
    const thames = page.getByRole('option', { name: 'Thames Residential' });
    await thames.click();
    await page.waitForLoadState('load');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Company' }).textContent())
      .toContain('Thames Residential');
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('olympus.auth') ?? '{}'));
    expect(session.currentCompanyName).toBe('Thames Residential');
    await expect.poll(() => tenants.at(-1)).toBe(session.currentCompany);

    // System card → hand-off to the Everest stand-in, for the current company.
    await page.getByText('Open Everest').click();
    await page.waitForURL(/\/demo\/everest\/auth\/olympus/);
    await page.getByText('Signed in to Everest as Alex Admin (admin@example.com) for Thames Residential').waitFor();

    // Back to Olympus, log out.
    await page.goto(server.url + '/dashboard');
    await page.getByText('Welcome, Alex Admin').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Logging out' }).waitFor();
    await page.waitForURL(/\/login$/);
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('olympus.auth') ?? '{}'));
    expect(after.access_token).toBeNull();

    // The token is revoked on the server, and the dashboard now sends the user to the login page.
    await page.goto(server.url + '/dashboard');
    await page.waitForURL(/\/login$/);
  });

  it('shows the server message for a wrong password and stays on the form', async () => {
    b = await openBrowser();
    await signIn(b.page, 'staff@example.com', 'Wrong-Password-1');
    await b.page.getByText('These credentials do not match our records.').waitFor();
    expect(path(b.page)).toBe('/login-form');
  });

  it('logs in straight into the system named by ?system=', async () => {
    b = await openBrowser();
    await signIn(b.page, 'staff@example.com', DEMO_PASSWORD, '?system=Everest');
    await b.page.waitForURL(/\/demo\/everest\/auth\/olympus/);
    await b.page.getByText('Signed in to Everest as Stacey Staff (staff@example.com) for Northgate Lettings').waitFor();
  });
});

describe('route guard', () => {
  it('sends a guest to the login page, carrying ?system=, and a signed-in user away from guest pages', async () => {
    b = await openBrowser();
    const { page } = b;
    await page.goto(server.url + '/dashboard/users?system=Portal');
    await page.waitForURL(/\/login\?system=Portal$/);
    await signIn(page, 'staff@example.com');
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Welcome, Stacey Staff').waitFor();
    // A system_user is barred from users and lands on the dashboard.
    await page.goto(server.url + '/dashboard/users');
    await page.waitForURL(/\/dashboard$/);
    // A guest-only page sends a signed-in user to the dashboard.
    await page.goto(server.url + '/login');
    await page.waitForURL(/\/dashboard$/);
    // Any other path: the not-found page.
    await page.goto(server.url + '/dashboard/no-such-page');
    await page.getByText('Sorry, this page does not exist.').waitFor();
    await b.screenshot('not-found');
    await page.getByText('Go to Dashboard').click();
    await page.waitForURL(/\/dashboard$/);
  });
});

describe('first login', () => {
  it('asks a new starter for a new password, then signs them in with it', async () => {
    b = await openBrowser();
    const { page } = b;
    await signIn(page, 'newstarter@example.com');
    await page.waitForURL(/\/password\/new$/);
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe('newstarter@example.com');
    await page.getByLabel('New Password', { exact: true }).fill('Brand-New-Pass-7');
    await page.getByLabel('Confirm New Password').fill('Brand-New-Pass-8');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await b.screenshot('password-new-mismatch');
    await page.getByLabel('Confirm New Password').fill('Brand-New-Pass-7');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Welcome, Nina New').waitFor();

    // The new password works from now on; the demo one does not.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);
    await signIn(page, 'newstarter@example.com', DEMO_PASSWORD);
    await page.getByText('These credentials do not match our records.').waitFor();
    await signIn(page, 'newstarter@example.com', 'Brand-New-Pass-7');
    await page.waitForURL(/\/dashboard$/);
  });
});

describe('password reset', () => {
  it('mails a code, and the code sets a new password', async () => {
    b = await openBrowser();
    const { page } = b;
    const before = server.mail.messages.length;
    await page.goto(server.url + '/login-form');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL(/\/password\/reset$/);
    await page.getByText('please contact your IT administrator', { exact: false }).waitFor();
    await page.getByLabel('Email Address').fill('admin@example.com');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByText('If that address has an account, we have emailed a verification code to it.').waitFor();
    await page.waitForURL(/\/password\/reset\/verify/);

    const mail = await server.mail.waitFor('admin@example.com', { after: before });
    expect(mail.subject).toBe('Your Olympus verification code');
    const code = mail.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel('Email Address').fill('admin@example.com');
    await page.getByLabel('New Password', { exact: true }).fill('Reset-Pass-2026');
    await page.getByLabel('Confirm Password').fill('Reset-Pass-2027');
    await page.getByLabel('Verification Code').fill(code!);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password and password confirmation do not match').waitFor();
    await page.getByLabel('Confirm Password').fill('Reset-Pass-2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset.').waitFor();
    await page.waitForURL(/\/login$/);

    await signIn(page, 'admin@example.com', 'Reset-Pass-2026');
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Welcome, Alex Admin').waitFor();
  });
});
