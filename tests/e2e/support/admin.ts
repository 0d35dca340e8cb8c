// Shared set-up of the admin browser tests: one real server per test file (demo seed), a
// fresh chromium per test, signed in through the login form (once per user; later tests reuse the session). After each
// test: no request left
// loopback, no uncaught page error, and no API answer of 500 or more.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, startServer, type RunningServer } from './server';
import { openBrowser, type BrowserSession } from './browser';
import { seriousViolations } from './axe';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export { DEMO_PASSWORD };

export interface AdminBrowser extends BrowserSession {
  /** API answers with a status of 500 or more ("METHOD url status"). */
  serverErrors: string[];
}

export interface AdminSuite {
  server: RunningServer;
  /**
   * A fresh browser, signed in as `email` (superadmin by default) and on /dashboard, with `company`
   * chosen in the header (the sign-in picks the user's first company, for superadmin Clyde Property Group).
   * The first time per user and company it signs in through the form; later it starts from that saved
   * session (token and current company in local storage) — `fresh` signs in anew (a test that logs out
   * must, as logging out revokes the token).
   */
  open(email?: string, company?: string, opts?: { fresh?: boolean }): Promise<AdminBrowser>;
  /** A fresh browser, not signed in (unless given a saved session). */
  openGuest(storageState?: StorageState): Promise<AdminBrowser>;
}

export const SUPER = 'superadmin@example.com';
export const NORTHGATE = 'Northgate Lettings';

/**
 * Registers the file's hooks: its own server, one browser per test, the checks after each test.
 * `start`: how the server starts (another build of the SPA, extra routes); the demo server by default.
 */
export function adminSuite(start: () => Promise<RunningServer> = () => startServer()): AdminSuite {
  const browsers: AdminBrowser[] = [];
  const sessions = new Map<string, StorageState>();
  const suite = {
    server: undefined as unknown as RunningServer,
    async openGuest(storageState?: StorageState) {
      const b = (await openBrowser({ storageState })) as AdminBrowser;
      b.serverErrors = [];
      b.page.setDefaultTimeout(10_000);
      b.page.on('response', (r) => {
        if (r.status() >= 500) b.serverErrors.push(`${r.request().method()} ${r.url()} ${r.status()}`);
      });
      browsers.push(b);
      return b;
    },
    async open(email = SUPER, company: string | undefined = NORTHGATE, opts: { fresh?: boolean } = {}) {
      const key = `${email}|${company ?? ''}`;
      const saved = opts.fresh ? undefined : sessions.get(key);
      if (saved) {
        const b = await suite.openGuest(saved);
        await b.page.goto(suite.server.url + '/dashboard');
        await b.page.getByText('Welcome, ').waitFor();
        return b;
      }
      const b = await suite.openGuest();
      await signIn(b.page, suite.server.url, email);
      await b.page.waitForURL(/\/dashboard$/);
      if (company) {
        await b.page.getByRole('combobox', { name: 'Company' }).waitFor();
        const current = await b.page.getByRole('combobox', { name: 'Company' }).textContent();
        if (!current?.includes(company)) await switchCompany(b.page, company);
      }
      if (!opts.fresh) sessions.set(key, await b.context.storageState());
      return b;
    },
  };
  beforeAll(async () => {
    suite.server = await start();
  });
  afterAll(async () => {
    await suite.server?.close();
  });
  afterEach(async (ctx) => {
    const open = browsers.splice(0);
    try {
      for (const [i, b] of open.entries()) {
        if (ctx.task.result?.state === 'fail')
          await b.screenshot(`failed-${ctx.task.name.replace(/\W+/g, '-')}${i ? '-' + i : ''}`).catch(() => {});
      }
      for (const b of open) {
        expect(b.outbound, 'requests that left loopback').toEqual([]);
        expect(b.errors, 'uncaught page errors').toEqual([]);
        expect(b.serverErrors, 'API answers of 500 or more').toEqual([]);
      }
    } finally {
      for (const b of open) await b.close().catch(() => {});
    }
  });
  return suite;
}

export async function signIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(baseUrl + '/login-form');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Path and query of the page's address. */
export const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

/** The texts of the first data cell of each body row of the list table (past a bulk selection's checkbox cell). */
export async function firstColumn(page: Page): Promise<string[]> {
  return (
    await page.locator('table tbody tr').evaluateAll((rows) =>
      rows.map(
        (r) =>
          Array.from(r.querySelectorAll('td'))
            .find((td) => !td.querySelector('.select-item'))
            ?.textContent?.trim() ?? '',
      ),
    )
  ).filter(Boolean);
}

/** The texts of the `i`-th data column (from 0) of each body row of the list table. */
export const columnTexts = (page: Page, i: number) =>
  page
    .locator('table tbody tr')
    .evaluateAll(
      (rows, at) => rows.map((r) => r.querySelectorAll('td:not(:has(.select-item))')[at]?.textContent ?? ''),
      i,
    );

/** A list row's data cells: without the bulk selection's checkbox cell. */
export const dataCells = (row: Locator) => row.locator('td:not(:has(.select-item))');

/** The body row of the list table holding `text`. */
export const rowWith = (page: Page, text: string) => page.locator('table tbody tr').filter({ hasText: text });

/** Waits for the list's table to have rows (or the empty message). */
export async function listLoaded(page: Page) {
  await page.locator('table tbody tr, .RaListNoResults, .RaEmpty-message').first().waitFor();
}

/** Switches the current company through the header dropdown (the page reloads). */
export async function switchCompany(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name }).click();
  await page.waitForLoadState('load');
  await expect.poll(() => page.getByRole('combobox', { name: 'Company' }).textContent()).toContain(name);
}

/** Picks an option of a MUI select labelled `label`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The session's API token and current company (for calls made on the side). */
export async function apiAuth(page: Page): Promise<{ token: string; tenant: string }> {
  const s = await page.evaluate(() => JSON.parse(localStorage.getItem('olympus.auth') ?? '{}'));
  return { token: s.access_token, tenant: s.currentCompany };
}

/** Headers of a JSON call made on the side as the page's signed-in user, in its current company. */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const { token, tenant } = await apiAuth(page);
  return {
    authorization: `Bearer ${token}`,
    'x-tenant': tenant,
    accept: 'application/json',
    'content-type': 'application/json',
  };
}

/** A text input by its label (a required field's label ends in " *", hidden from the accessible name). */
export const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** A full-page screenshot once transitions have settled, scrolled to the top (the header is fixed). */
export async function shot(b: BrowserSession, name: string, opts: { keepScroll?: boolean } = {}) {
  if (!opts.keepScroll) await b.page.evaluate(() => window.scrollTo(0, 0));
  await b.page.waitForTimeout(450);
  return b.screenshot(name);
}

/** Clicks the sort control of a column (the label; the rest of a wide header cell does nothing). */
export const sortBy = (page: Page, column: string) =>
  page.getByRole('columnheader', { name: column }).first().locator('.MuiTableSortLabel-root').click();

/** How far the page scrolls sideways (0 when it fits the width). */
export const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Waits for the screen's h1 and for its requests to settle. */
export async function screenReady(page: Page, heading: string) {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await page.waitForLoadState('networkidle').catch(() => {});
}

/** No serious or critical axe violation, no catalogue key left untranslated, and a screenshot to look at. */
export async function passes(b: BrowserSession, name: string) {
  // A select's menu fades out after its choice (its options, half transparent, would fail contrast).
  await expect.poll(() => b.page.locator('.MuiPopover-root').count()).toBe(0);
  expect(await seriousViolations(b.page), `${name}: axe`).toEqual([]);
  expect(await b.page.locator('body').textContent(), `${name}: catalogue keys`).not.toMatch(
    /(olympus|resources|ra)\.[a-z_]+\./,
  );
  await shot(b, name);
}
