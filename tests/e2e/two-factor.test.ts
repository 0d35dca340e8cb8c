// Two-factor sign-in in the browser, against the real server: an admin turns it on from the account
// page with a code computed here from the key shown on the page, keeps the recovery codes, signs out,
// and signs in with the password and then a code; a super admin then resets it from the user edit
// screen (Alex is signed out and signs in with the password alone). Screenshots of the section (off, set-up, recovery
// codes) and of the login's code step, at desktop width and on a 390 px phone.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminSuite, DEMO_PASSWORD, shot, signIn, SUPER } from './support/admin';
import { base32Decode, hotp, totpStep } from '../../server/twoFactor/totp';

const ADMIN = 'admin@example.com';
const suite = adminSuite();
const codeAt = (secret: string, step: number) => hotp(base32Decode(secret), step);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('two-factor sign-in', () => {
  it('turns on with a code from the shown key, then signs in with password and code', async () => {
    const b = await suite.open(ADMIN, undefined, { fresh: true });
    const { page } = b;
    await page.getByRole('link', { name: 'Alex Admin' }).click();
    await page.waitForURL(/\/dashboard\/account$/);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect.poll(() => section.getByRole('button', { name: 'Turn on' }).isVisible()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await shot(b, 'two-factor-off-desktop', { keepScroll: true });

    // Set up on a 390 px phone (loaded at that width, as a phone would).
    await page.setViewportSize(PHONE);
    await page.reload();
    await section.getByRole('button', { name: 'Turn on' }).click();
    // A stolen session alone cannot turn it on: the current password comes first.
    await section.getByLabel('Current password', { exact: false }).fill(DEMO_PASSWORD);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(b, 'two-factor-password-phone', { keepScroll: true });
    await section.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => section.getByRole('img', { name: 'QR code to add Olympus to your authenticator app' }).isVisible())
      .toBe(true);
    const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByRole('textbox', { name: 'Code from the app' }).scrollIntoViewIfNeeded();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(b, 'two-factor-setup-phone', { keepScroll: true });

    // On a phone the menu is a drawer that would cover the page when the window widens and narrows
    // again, so the rest is done at desktop width and only looked at on the phone.
    await page.setViewportSize(DESKTOP);
    await section.scrollIntoViewIfNeeded();
    await shot(b, 'two-factor-setup-desktop', { keepScroll: true });
    const enrolStep = totpStep(Date.now() / 1000);
    await section.getByRole('textbox', { name: 'Code from the app' }).fill(codeAt(secret, enrolStep));
    await section.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' });
    await expect.poll(() => codes.getByRole('listitem').count()).toBe(10);
    await shot(b, 'two-factor-codes-desktop', { keepScroll: true });
    await page.setViewportSize(PHONE);
    await page.locator('#account-totp-code, [aria-label="Recovery codes"]').last().scrollIntoViewIfNeeded();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(b, 'two-factor-codes-phone', { keepScroll: true });
    await page.setViewportSize(DESKTOP);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect.poll(() => section.getByText('You have 10 unused recovery codes.').isVisible()).toBe(true);
    await shot(b, 'two-factor-on-desktop', { keepScroll: true });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);

    // The password alone no longer signs in: the code step follows.
    await signIn(page, suite.server.url, ADMIN);
    const code = page.getByLabel('Code', { exact: true });
    await expect.poll(() => code.isVisible()).toBe(true);
    expect(await page.getByText('Enter the 6-digit code from your authenticator app').isVisible()).toBe(true);
    await shot(b, 'two-factor-login-desktop');
    await page.setViewportSize(PHONE);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(b, 'two-factor-login-phone');

    // The enrolment's step is used: a later step's code (within the ±1 window) signs in.
    await code.fill(codeAt(secret, Math.max(enrolStep, totpStep(Date.now() / 1000)) + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByText('Login successful. Redirecting...').isVisible()).toBe(true);
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByText('Welcome, ').isVisible()).toBe(true);

    // Lost the phone: a super admin resets the second factor from the user edit screen; Alex is
    // signed out, and the password alone signs in again.
    const alexId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('olympus.auth') ?? '{}') as { user?: { uuid?: string } }).user?.uuid,
    );
    const boss = await suite.open(SUPER);
    await boss.page.goto(`${suite.server.url}/dashboard/users/${alexId}/edit`);
    const panel = boss.page.getByRole('region', { name: 'Two-factor sign-in' });
    await panel.getByText('On: signing in asks for a code from an authenticator app.').waitFor();
    await panel.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    const dialog = boss.page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Reset two-factor sign-in of Alex Admin?').isVisible()).toBe(true);
    await shot(boss, 'user-edit-two-factor-reset-confirm');
    await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    await panel.getByText('Off: the user signs in with their password alone.').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shot(boss, 'user-edit-two-factor-reset-desktop', { keepScroll: true });

    await page.goto(suite.server.url + '/dashboard');
    await page.waitForURL(/\/login$/);
    await signIn(page, suite.server.url, ADMIN);
    await page.waitForURL(/\/dashboard$/);
  });
});
