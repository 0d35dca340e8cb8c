// On a 390 px phone every admin screen fits the width (no sideways scrolling) and passes axe-core's WCAG
// A/AA rules without serious or critical violations: the lists show one card per record with its edit
// action (no table), as do company edit's Properties and property edit's Units; every other declared
// list, empty or not, fits and passes too; the create and edit forms, the dashboard, account, reports
// and access review fit too. As super admin, demo seed.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { i18nProvider } from '../../providers/i18nProvider';
import { listKey } from '../../src/declared/texts';
import { adminSuite, shot, type AdminBrowser } from './support/admin';
import { seriousViolations } from './support/axe';

const suite = adminSuite();
const PHONE = { width: 390, height: 844 };

/** A browser signed in as super admin, at phone size before any screen is drawn (the layout picks its phone navigation
 * at load). */
async function phone(): Promise<AdminBrowser> {
  const b = await suite.open();
  await b.page.setViewportSize(PHONE);
  return b;
}

/** Waits for the screen's h1 and for its requests to settle. */
async function screenReady(page: Page, heading: string) {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(300);
}

/** No sideways scrolling, no serious or critical axe violation; a screenshot to look at. */
async function fitsAndPasses(b: AdminBrowser, name: string) {
  const width = await b.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name}: page width`).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousViolations(b.page), `${name}: axe`).toEqual([]);
  await shot(b, `phone-${name}`);
}

/** The list's cards: a visible card, an edit action on one, and no table. */
async function cardsShown(page: Page, title: string, editLabel: string) {
  const list = page.getByRole('list', { name: title, exact: true });
  await list.getByRole('listitem').first().waitFor();
  const edit = list.getByRole('link', { name: editLabel, exact: true }).first();
  expect(await edit.isVisible(), `${title}: ${editLabel} on a card`).toBe(true);
  expect(await page.locator('table').count(), `${title}: no table`).toBe(0);
  return { list, edit };
}

const LISTS = [
  { path: '/dashboard/users', title: 'Users', edit: 'Edit User', create: 'Create a User', editTitle: 'Edit User' },
  {
    path: '/dashboard/company',
    title: 'Companies',
    edit: 'Edit',
    create: 'Create a Company',
    editTitle: 'Edit Company',
  },
  {
    path: '/dashboard/property',
    title: 'Properties',
    edit: 'Edit',
    create: 'Create a Property',
    editTitle: 'Edit Property',
  },
  { path: '/dashboard/unit', title: 'Units', edit: 'Edit Unit', create: 'Create a Unit', editTitle: 'Edit Unit' },
  { path: '/dashboard/roles', title: 'Roles', edit: 'Edit Role', create: 'Create a Role', editTitle: 'Edit Role' },
] as const;

/** The declared lists LISTS leaves out (a newly declared resource's among them): each fits and passes axe too, with
 * the records the demo seed gives it or none. */
const OTHER_LISTS = DECLARED_RESOURCES.filter((d) => !LISTS.some((l) => l.path === `/dashboard/${d.spa}`));

describe('on a 390 px phone', () => {
  it('every list shows cards with their actions, fits the width and passes axe (the users list’s pills included)', async () => {
    const b = await phone();
    const { page } = b;
    for (const l of LISTS) {
      await page.goto(suite.server.url + l.path);
      await screenReady(page, l.title);
      await cardsShown(page, l.title, l.edit);
      await fitsAndPasses(b, `list-${l.title.toLowerCase()}`);
    }
    for (const d of OTHER_LISTS) {
      await page.goto(`${suite.server.url}/dashboard/${d.spa}`);
      await screenReady(page, i18nProvider.translate(listKey(d.spa, 'title')));
      await fitsAndPasses(b, `list-${d.spa}`);
    }
    // Every company's users, as "View All Users" shows them (and as an address with ?all=true).
    await page.goto(suite.server.url + '/dashboard/users?all=true');
    await screenReady(page, 'Users');
    await page.getByRole('button', { name: 'View All Users' }).click();
    await page.getByRole('button', { name: 'View Company Users' }).waitFor();
    await page.waitForLoadState('networkidle').catch(() => {});
    const { list } = await cardsShown(page, 'Users', 'Edit User');
    // The role pills are there to be checked for contrast.
    expect(await list.locator('.MuiChip-colorSecondary').count()).toBeGreaterThan(0);
    await fitsAndPasses(b, 'list-users-all');
  });

  it('the create and edit screens fit the width and pass axe; company and property edit show their records as cards', async () => {
    const b = await phone();
    const { page } = b;
    for (const l of LISTS) {
      await page.goto(suite.server.url + l.path + '/create');
      await screenReady(page, l.create);
      await fitsAndPasses(b, `create-${l.title.toLowerCase()}`);

      await page.goto(suite.server.url + l.path);
      await screenReady(page, l.title);
      const { edit } = await cardsShown(page, l.title, l.edit);
      await edit.click();
      await screenReady(page, l.editTitle);
      if (l.title === 'Companies') await cardsShown(page, 'Properties', 'Edit');
      if (l.title === 'Properties') await cardsShown(page, 'Units', 'Edit');
      await fitsAndPasses(b, `edit-${l.title.toLowerCase()}`);
    }
  });

  it('the dashboard, account, reports and access review fit the width and pass axe', async () => {
    const b = await phone();
    const { page } = b;
    const screens = [
      { path: '/dashboard', name: 'dashboard', ready: () => page.getByText('Welcome, ').waitFor() },
      {
        path: '/dashboard/account',
        name: 'account',
        ready: () => page.getByRole('heading', { level: 1 }).first().waitFor(),
      },
      {
        path: '/dashboard/reports',
        name: 'reports',
        ready: () => page.getByRole('heading', { level: 1 }).first().waitFor(),
      },
      {
        path: '/dashboard/access-review',
        name: 'access-review',
        ready: () => page.getByRole('heading', { level: 1, name: 'Access review' }).waitFor(),
      },
    ];
    for (const s of screens) {
      await page.goto(suite.server.url + s.path);
      await s.ready();
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForTimeout(300);
      await fitsAndPasses(b, s.name);
    }
  });
});
