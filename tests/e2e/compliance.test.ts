// The compliance screen and the dashboard's "Needs attention" panel in a real browser against the real server, on
// the demo data (server/db/seedCompliance.ts: every status and a missing pair in each company): the panel's missing
// count leading to the matrix filtered to it, a missing cell opening a new certificate with its property and type
// filled in, a count leading to the certificate list of its status; staff without compliance.view see the
// dashboard as before, with no request refused; the panel as tall while its counts load as with them; axe on each
// screen, and no sideways scrolling on a 390 px phone.
import { describe, expect, it } from 'vitest';
import { adminSuite, listLoaded, passes, screenReady, sideways } from './support/admin';
import { certificateResource } from '../../contract/resources/certificates';
import { choiceLabel, type ChoiceField } from '../../contract/resources/declare';

const suite = adminSuite();
const statusField = certificateResource.fields.status as ChoiceField;
const ADMIN = 'admin@example.com';

describe('compliance', () => {
  it('goes from the dashboard’s panel to the missing pairs, and from a missing cell to a new certificate', async () => {
    const b = await suite.open(ADMIN);
    const { page } = b;
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Needs attention' }) });
    const missing = panel.getByRole('link', { name: /^\d+ missing$/ });
    await missing.waitFor();
    await passes(b, 'dashboard-attention');
    await missing.click();
    await screenReady(page, 'Compliance');
    await page.getByRole('table').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('missing');
    await passes(b, 'compliance-missing');
    // Every property listed has a missing pair; the first opens a new certificate filled in.
    const add = page.getByRole('link', { name: /^Missing\b.*: add a certificate$/ }).first();
    const [, type, property] = /^Missing, (.+) of (.+): add a certificate$/.exec((await add.textContent()) ?? '') ?? [];
    await add.click();
    await page.getByRole('heading', { level: 1, name: 'Create a Certificate' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Type' }).textContent()).toContain(type);
    await expect.poll(() => page.getByRole('combobox', { name: 'Property' }).textContent()).toContain(property);
    expect(b.serverErrors).toEqual([]);
  });

  it('keeps the panel as tall while its counts load as with them, so the system cards do not move', async () => {
    const b = await suite.open(ADMIN);
    const { page } = b;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/compliance/summary', async (route) => {
      await held;
      await route.continue();
    });
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Needs attention' }) });
    const height = async () => (await panel.boundingBox())?.height;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.reload();
      await page.getByRole('progressbar', { name: 'Loading compliance…' }).waitFor();
      const loading = await height();
      release();
      await panel.getByRole('link', { name: /^\d+ expired$/ }).waitFor();
      expect({ width, height: await height() }).toEqual({ width, height: loading });
    }
    await page.unroute('**/api/v1/compliance/summary');
  });

  it('leads from each count to the certificate list of that status', async () => {
    const b = await suite.open(ADMIN);
    const { page } = b;
    await page.getByRole('menuitem', { name: 'Compliance' }).click();
    await screenReady(page, 'Compliance');
    await page.getByRole('table').waitFor();
    await passes(b, 'compliance');
    await page.getByRole('link', { name: 'Show expired' }).click();
    await screenReady(page, 'Certificates');
    await listLoaded(page);
    const chips = await page.locator('table tbody .MuiChip-label').allTextContents();
    expect(chips.length).toBeGreaterThan(0);
    expect(new Set(chips)).toEqual(new Set([choiceLabel(statusField, 'expired')]));
  });

  it('fits a 390 px phone: cards instead of the matrix, and the dashboard’s panel', async () => {
    const b = await suite.open(ADMIN);
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.server.url}/dashboard/compliance`);
    await screenReady(page, 'Compliance');
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await sideways(page)).toBe(0);
    await passes(b, 'compliance-phone');
    await page.goto(`${suite.server.url}/dashboard`);
    await page.getByRole('link', { name: /^\d+ expired$/ }).waitFor();
    expect(await sideways(page)).toBe(0);
    await passes(b, 'dashboard-attention-phone');
  });

  it('leaves the dashboard as it was for staff without compliance.view, asking nothing refused', async () => {
    const b = await suite.open('staff@example.com');
    const { page } = b;
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await page.reload();
    await page.getByText('Welcome, ').waitFor();
    await page.waitForLoadState('networkidle').catch(() => {});
    expect(await page.getByRole('heading', { name: 'Needs attention' }).count()).toBe(0);
    expect(refused).toEqual([]);
  });
});
