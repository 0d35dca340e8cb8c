// Sessions in the browser, against the real server: the same person signed in twice (two browsers)
// ends the other session from the account page, and that browser is sent to /login on its next
// request; an administrator ends all of a user's sessions from the user edit screen. Screenshots of
// the account page at desktop width and on a 390 px phone (no sideways scrolling).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminSuite, pathOf, shot, SUPER } from './support/admin';

const STAFF = 'staff@example.com';
const suite = adminSuite();

const sessionRows = (page: Page) => page.getByRole('table', { name: 'Your sessions' }).locator('tbody tr');

async function openAccountFromHeader(page: Page, name: string) {
  await page.getByRole('link', { name }).click();
  await page.waitForURL(/\/dashboard\/account$/);
}

describe('account sessions', () => {
  it('ends the other session of the same person: that browser goes to /login on its next request', async () => {
    const one = await suite.open(STAFF, undefined, { fresh: true });
    const two = await suite.open(STAFF, undefined, { fresh: true });

    await openAccountFromHeader(one.page, 'Stacey Staff');
    await expect.poll(() => one.page.getByRole('heading', { level: 1, name: 'Stacey Staff' }).isVisible()).toBe(true);
    await expect.poll(() => one.page.getByText('staff@example.com').isVisible()).toBe(true);
    await expect.poll(() => sessionRows(one.page).count()).toBe(2);
    const mine = sessionRows(one.page).filter({ hasText: 'This session' });
    await expect.poll(() => mine.count()).toBe(1);
    await expect.poll(() => mine.textContent()).toContain('Chrome on Linux');
    await expect.poll(() => mine.textContent()).toContain('127.0.0.1');
    await shot(one, 'account-sessions-desktop');

    await one.page.getByRole('button', { name: 'Sign out Chrome on Linux', exact: true }).click();
    await expect.poll(() => one.page.getByText('The session has been signed out.').isVisible()).toBe(true);
    await expect.poll(() => sessionRows(one.page).count()).toBe(1);
    await expect.poll(() => one.page.getByText('No other sessions are signed in.').isVisible()).toBe(true);

    // The second browser still shows its dashboard; its next request (an in-app navigation to the
    // account page, which calls the API) answers 401 and the app signs out.
    await openAccountFromHeader(two.page, 'Stacey Staff');
    await two.page.waitForURL(/\/login$/);
    expect(pathOf(two.page)).toBe('/login');
    // And a reload does not bring it back.
    await two.page.goto(suite.server.url + '/dashboard');
    await two.page.waitForURL(/\/login$/);

    // The first browser is still signed in.
    await one.page.reload();
    await expect.poll(() => sessionRows(one.page).count()).toBe(1);

    // A 390 px phone: sessions stack as cards and nothing scrolls sideways.
    await one.page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => one.page.getByRole('list', { name: 'Your sessions' }).isVisible()).toBe(true);
    expect(await one.page.getByRole('table').count()).toBe(0);
    const overflow = await one.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(one, 'account-sessions-phone');
  });

  it('an administrator ends all sessions of a user from the user edit screen', async () => {
    const staff = await suite.open(STAFF, undefined, { fresh: true });
    const staffId = await staff.page.evaluate(
      () => (JSON.parse(localStorage.getItem('olympus.auth') ?? '{}') as { user?: { uuid?: string } }).user?.uuid,
    );
    expect(staffId).toEqual(expect.any(String));

    const admin = await suite.open(SUPER);
    await admin.page.goto(`${suite.server.url}/dashboard/users/${staffId}/edit`);
    const section = admin.page.getByRole('region', { name: 'Sessions' });
    await expect.poll(() => section.getByText(/\d+ signed-in sessions?/).isVisible()).toBe(true);
    await section.getByRole('button', { name: 'End all sessions' }).click();
    const dialog = admin.page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('End all sessions of Stacey Staff?').isVisible()).toBe(true);
    await shot(admin, 'user-edit-end-sessions-confirm');
    await dialog.getByRole('button', { name: 'End all sessions' }).click();
    await expect.poll(() => admin.page.getByText('All of the user’s sessions have been ended.').isVisible()).toBe(true);
    await expect.poll(() => section.getByText('No signed-in sessions.').isVisible()).toBe(true);
    await shot(admin, 'user-edit-sessions-ended');

    await staff.page.goto(suite.server.url + '/dashboard');
    await staff.page.waitForURL(/\/login$/);
  });
});
