// Browser tests of the Reports page against the real server (built SPA + API + PGlite + demo seed): the demo
// "Portfolio overview" drawn as charts for a user with the permission, the route closed to one
// without, and a Power BI report embedded by the real powerbi-client with a token from the
// loopback Power BI stand-in.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { companies, reports } from '../../server/db/schema';
import { DEMO_PASSWORD, startServer, type RunningServer } from './support/server';
import { openBrowser, type BrowserSession } from './support/browser';
import { startPowerBiFake, type PowerBiFake } from '../support/powerbi-fake';

let server: RunningServer;
let fake: PowerBiFake;
let b: BrowserSession | null = null;
/** Hosts a test expects the page to try (and the sandbox to refuse). */
let allowedOutbound: RegExp | null = null;

beforeAll(async () => {
  fake = await startPowerBiFake();
  server = await startServer({
    powerbi: {
      apiUrl: fake.url,
      authorityUrl: fake.url,
      tenantId: fake.tenantId,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      timeoutMs: 5000,
    },
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
afterEach(async (ctx) => {
  if (!b) return;
  if (ctx.task.result?.state === 'fail')
    await b.screenshot('failed-' + ctx.task.name.replace(/\W+/g, '-')).catch(() => {});
  const outbound = b.outbound.filter((u) => !allowedOutbound?.test(u));
  expect(outbound, 'requests that left loopback').toEqual([]);
  expect(b.errors, 'uncaught page errors').toEqual([]);
  await b.close();
  b = null;
  allowedOutbound = null;
});

async function signIn(page: Page, email: string) {
  await page.goto(server.url + '/login-form');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Holds GET /api/v1/reports back a little, so the loading text can be seen. */
async function slowReportList(page: Page) {
  await page.route('**/api/v1/reports', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
}

describe('reports', () => {
  it('shows the built-in portfolio report as charts to admin, from the navigation', async () => {
    b = await openBrowser();
    const { page } = b;
    await signIn(page, 'admin@example.com');
    await slowReportList(page);
    await page.getByLabel('Main navigation').getByText('Reports', { exact: true }).click();
    await page.waitForURL(/\/dashboard\/reports$/);
    await page.getByText('Loading Reports...').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Portfolio overview' }).waitFor();
    expect(await page.getByText('Loading Reports...').count()).toBe(0);

    const status = page.getByRole('figure', { name: 'Units by status per property' });
    await status.locator('svg').first().waitFor();
    expect(await status.locator('svg rect, svg path').count()).toBeGreaterThan(3);
    for (const title of ['Units by type', 'Bedroom mix', 'Properties by city']) {
      await page.getByRole('figure', { name: title }).locator('svg').first().waitFor();
    }
    // Headline totals of Northgate Lettings' demo portfolio: 4 properties, 26 units.
    await page.getByText('Occupancy', { exact: true }).waitFor();
    await page.getByText('Company: Northgate Lettings').waitFor();
    // Charts animate in; let them settle before the picture.
    await page.waitForTimeout(1200);
    await b.screenshot('reports-admin');
    // The lower charts, as seen on screen (the fixed footer covers part of a full-page picture).
    await page.getByRole('figure', { name: 'Bedroom mix' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/screenshots/reports-admin-lower.png' });
  });

  it('sends staff (no reports permission) from /dashboard/reports to the dashboard', async () => {
    b = await openBrowser();
    const { page } = b;
    await signIn(page, 'staff@example.com');
    expect(await page.getByLabel('Main navigation').getByText('Reports', { exact: true }).count()).toBe(0);
    await page.goto(server.url + '/dashboard/reports');
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Welcome, Stacey Staff').waitFor();
  });

  it('embeds a Power BI report with powerbi-client, beside a failing one', async () => {
    const db = server.database.db;
    const [northgate] = await db.select().from(companies).where(eq(companies.name, 'Northgate Lettings'));
    const workspace = randomUUID();
    const pbiReport = fake.addReport(workspace, { name: 'Rent roll' });
    const added = await db
      .insert(reports)
      .values([
        {
          companyId: northgate.id,
          name: 'Rent roll',
          provider: 'powerbi',
          position: 1,
          workspaceId: workspace,
          reportId: pbiReport.id,
          rlsRoles: 'Company',
        },
        {
          companyId: northgate.id,
          name: 'Missing report',
          provider: 'powerbi',
          position: 2,
          workspaceId: workspace,
          reportId: randomUUID(),
        },
      ])
      .returning({ id: reports.id });
    try {
      b = await openBrowser();
      // The sandbox refuses app.powerbi.com (as it refuses every outside host); the embed is still attempted there.
      allowedOutbound = /^https:\/\/app\.powerbi\.com\//;
      const { page } = b;
      await signIn(page, 'admin@example.com');
      await page.goto(server.url + '/dashboard/reports');
      await page.getByRole('heading', { level: 2, name: 'Rent roll' }).waitFor();
      const frame = page.getByRole('region', { name: 'Power BI report Rent roll' }).locator('iframe');
      await frame.waitFor({ state: 'attached' });
      expect(await frame.getAttribute('src')).toContain(`https://app.powerbi.com/reportEmbed?reportId=${pbiReport.id}`);
      await page.getByText('The Power BI report was not found. Check the workspace and report ids.').waitFor();
      await page.getByRole('heading', { level: 2, name: 'Portfolio overview' }).waitFor();
      expect(fake.generateTokenBodies).toContainEqual({
        accessLevel: 'View',
        identities: [{ username: northgate.id, roles: ['Company'], datasets: [pbiReport.datasetId] }],
      });
      await page.waitForTimeout(1200);
      await b.screenshot('reports-powerbi');
    } finally {
      for (const r of added) await db.delete(reports).where(eq(reports.id, r.id));
    }
  });
});
