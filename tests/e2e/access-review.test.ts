// The access review in the browser, against the real server: an admin opens "Review access" from the
// users list, sees a dormant colleague (and a super admin they may not change, with the reason),
// disables the colleague, and that colleague's sign-in is refused from then on. Screenshots at
// desktop width and on a 390 px phone (no sideways scrolling).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { adminSuite, DEMO_PASSWORD, pathOf, shot, signIn, SUPER } from './support/admin';

const ADMIN = 'admin@example.com';
const STAFF = 'staff@example.com';
const suite = adminSuite();

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe('access review', () => {
  it('an admin disables a dormant colleague from the review; their sign-in is refused', async () => {
    const db = suite.server.database.db;
    await db
      .update(users)
      .set({ lastLoginAt: daysAgo(200) })
      .where(eq(users.email, STAFF));
    await db
      .update(users)
      .set({ lastLoginAt: daysAgo(300) })
      .where(eq(users.email, SUPER));

    const admin = await suite.open(ADMIN);
    const page = admin.page;
    await page.goto(suite.server.url + '/dashboard/users');
    await page.getByRole('link', { name: 'Review access' }).click();
    await page.waitForURL(/\/dashboard\/access-review$/);
    const table = page.getByRole('table', { name: 'Access review' });
    const staffRow = table.locator('tbody tr').filter({ hasText: 'Stacey Staff' });
    const superRow = table.locator('tbody tr').filter({ hasText: 'Sam Super' });
    await expect.poll(() => staffRow.count()).toBe(1);
    await expect.poll(() => staffRow.textContent()).toContain('Not signed in recently');
    await expect.poll(() => staffRow.textContent()).toContain('Everest: Viewer');
    // A super admin is listed but cannot be changed by an admin: no checkbox, the reason instead.
    await expect.poll(() => superRow.textContent()).toContain('Only a super admin can change a super admin.');
    expect(await superRow.getByRole('checkbox').count()).toBe(0);

    await page.getByRole('checkbox', { name: 'Select Stacey Staff' }).check();
    await shot(admin, 'access-review-desktop');
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Disable 1 person?').isVisible()).toBe(true);
    await shot(admin, 'access-review-confirm');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => page.getByText('1 person done.').isVisible()).toBe(true);
    // Disabled people leave the review.
    await expect.poll(() => staffRow.count()).toBe(0);

    const [row] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.email, STAFF));
    expect(row.disabledAt).not.toBeNull();

    // The colleague cannot sign in any more.
    const staff = await suite.openGuest();
    await signIn(staff.page, suite.server.url, STAFF, DEMO_PASSWORD);
    await staff.page.getByText('These credentials do not match our records.').waitFor();
    expect(pathOf(staff.page)).toBe('/login-form');

    // A 390 px phone: people stack as cards and nothing scrolls sideways.
    // (Opened afresh at that size, as a phone would: the layout picks its phone navigation at load.)
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.getByRole('list', { name: 'Access review' }).isVisible()).toBe(true);
    expect(await page.getByRole('table').count()).toBe(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(admin, 'access-review-phone');

    // And the users list with its new button, on the phone too.
    await page.goto(suite.server.url + '/dashboard/users');
    const button = page.getByRole('link', { name: 'Review access' });
    await button.waitFor();
    // On a phone the list is one card per user.
    await page.getByRole('list', { name: 'Users' }).getByRole('listitem').first().waitFor();
    // The button sits within the phone's width beside the list's own buttons.
    const box = await button.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await shot(admin, 'access-review-users-list-phone');
  });

  it('a signed-out visitor is sent to the sign-in from its address', async () => {
    const guest = await suite.openGuest();
    await guest.page.goto(suite.server.url + '/dashboard/access-review');
    await guest.page.waitForURL(/\/login$/);
  });
});
