// A role that requires two-factor sign-in, in the browser against the real server: a super admin
// ticks "Require two-factor sign-in" on the admin role; an admin then signs in, lands on the account
// page with the notice, is sent back from /dashboard/users, turns two-factor sign-in on with a code
// computed here from the shown key, and then reaches /dashboard/users. Screenshots of the role form
// and of the account page with the notice, at desktop width and on a 390 px phone.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminSuite, listLoaded, shot, signIn, SUPER } from './support/admin';
import { base32Decode, hotp, totpStep } from '../../server/twoFactor/totp';

const ADMIN = 'admin@example.com';
const NOTICE = 'Your role requires two-factor sign-in. Turn it on to continue.';
const suite = adminSuite();
const codeAt = (secret: string, step: number) => hotp(base32Decode(secret), step);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The id of the Olympus role named `name`, asked of the API with the page's own token. */
const roleId = (page: Page, name: string) =>
  page.evaluate(async (wanted) => {
    const { access_token } = JSON.parse(localStorage.getItem('olympus.auth') ?? '{}') as { access_token?: string };
    const res = await fetch('/api/v1/roles', {
      headers: { authorization: `Bearer ${access_token}`, accept: 'application/json' },
    });
    const body = (await res.json()) as { data: { id: string; name: string }[] };
    return body.data.find((r) => r.name === wanted)?.id ?? '';
  }, name);

describe('a role that requires two-factor sign-in', () => {
  it('holds an admin on the account page until they turn it on', async () => {
    const boss = await suite.open(SUPER);
    const id = await roleId(boss.page, 'admin');
    expect(id).not.toBe('');
    await boss.page.goto(`${suite.server.url}/dashboard/roles/${id}/edit`);
    const box = boss.page.getByRole('checkbox', { name: 'Require two-factor sign-in' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await shot(boss, 'role-require-two-factor-desktop');
    await boss.page.setViewportSize(PHONE);
    await boss.page.reload();
    await box.waitFor();
    expect(await sideways(boss.page)).toBeLessThanOrEqual(0);
    await shot(boss, 'role-require-two-factor-phone');
    await boss.page.setViewportSize(DESKTOP);
    await box.check();
    await boss.page.getByRole('button', { name: 'Update Role' }).click();
    await boss.page.waitForURL(/\/dashboard\/roles$/);

    const b = await suite.openGuest();
    const { page } = b;
    await signIn(page, suite.server.url, ADMIN);
    await page.waitForURL(/\/dashboard\/account$/);
    const notice = page.getByText(NOTICE);
    await expect.poll(() => notice.isVisible()).toBe(true);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect.poll(() => section.getByRole('button', { name: 'Turn on' }).isVisible()).toBe(true);
    await shot(b, 'two-factor-required-account-desktop');
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(b, 'two-factor-required-account-phone');
    await page.setViewportSize(DESKTOP);

    // Anywhere else leads back to the account page.
    await page.goto(suite.server.url + '/dashboard/users');
    await page.waitForURL(/\/dashboard\/account$/);
    await expect.poll(() => notice.isVisible()).toBe(true);

    await section.getByRole('button', { name: 'Turn on' }).click();
    const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByRole('textbox', { name: 'Code from the app' }).fill(codeAt(secret, totpStep(Date.now() / 1000)));
    await section.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expect
      .poll(() => section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count())
      .toBe(10);
    await expect.poll(() => notice.isVisible()).toBe(false);
    await section.getByRole('button', { name: 'I have saved them' }).click();

    await page.goto(suite.server.url + '/dashboard/users');
    await listLoaded(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard/users');
  });
});
