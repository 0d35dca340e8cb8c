// The account page's password change in the browser, against the real server: the person changes
// their password (the policy ticks as they type), stays signed in here while their other browser is
// signed out, then signs out and signs in with the new password (the old one is refused). Screenshots
// of the account page's details and password sections at desktop width and on a 390 px phone.
import { describe, expect, it } from 'vitest';
import { adminSuite, DEMO_PASSWORD, shot, signIn } from './support/admin';

const STAFF = 'staff@example.com';
const NEW_PASSWORD = 'Fresh-Staff-Pass-77';
const suite = adminSuite();

describe('account password', () => {
  it('changes the password on the account page, signs out, and signs in with the new one', async () => {
    const b = await suite.open(STAFF, undefined, { fresh: true });
    const other = await suite.open(STAFF, undefined, { fresh: true });
    const { page } = b;
    await page.getByRole('link', { name: 'Stacey Staff' }).click();
    await page.waitForURL(/\/dashboard\/account$/);
    const details = page.getByRole('region', { name: 'Your details' });
    const section = page.getByRole('region', { name: 'Change password' });
    await expect.poll(() => details.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Stacey Staff');
    await shot(b, 'account-password-desktop');

    await section.getByLabel('Current password').fill(DEMO_PASSWORD);
    await section.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await expect.poll(() => section.locator('li[data-met="true"]').count()).toBe(4);
    await section.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => section.getByText(/Your password has been changed/).isVisible()).toBe(true);
    await shot(b, 'account-password-changed', { keepScroll: true });

    // This browser stays signed in (a reload asks the API again with the new token) …
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Stacey Staff' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Your sessions' }).locator('tbody tr').count()).toBe(1);
    // … the other one does not.
    await other.page.goto(suite.server.url + '/dashboard/account');
    await other.page.waitForURL(/\/login$/);

    // A 390 px phone: the sections stack and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => section.getByLabel('New password', { exact: true }).isVisible()).toBe(true);
    await section.getByLabel('New password', { exact: true }).fill('short');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(b, 'account-password-phone');
    // On the phone too: an email change asks for the password, a mismatch is said on its field.
    await details.getByRole('textbox', { name: 'Email address' }).fill('stacey@example.com');
    await expect.poll(() => details.getByLabel('Current password').isVisible()).toBe(true);
    await section.getByLabel('New password', { exact: true }).fill('Another-Pass-88');
    await section.getByLabel('Confirm new password').fill('Another-Pass-89');
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => section.getByText('Passwords do not match').isVisible()).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await shot(b, 'account-password-phone-errors');
    await page.reload();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);

    // The old password no longer signs in; the new one does.
    await signIn(page, suite.server.url, STAFF, DEMO_PASSWORD);
    await expect.poll(() => page.getByText('These credentials do not match our records.').isVisible()).toBe(true);
    await signIn(page, suite.server.url, STAFF, NEW_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByText('Welcome, ').isVisible()).toBe(true);
  });
});
