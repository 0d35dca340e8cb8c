// CSV import in chromium against the real server and the demo seed (docs/resources.md "Import"): a
// file of three properties with one bad row is checked first (nothing written), its valid rows imported (two
// created), its rows with errors downloaded, fixed and imported again (the third created). The
// screen passes axe and fits a 390 px phone without sideways scrolling. A file of 20 000 units shows its
// progress while it imports.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminSuite, apiAuth, apiHeaders, listLoaded, passes, screenReady, sideways } from './support/admin';

const suite = adminSuite();
const PHONE = { width: 390, height: 844 };

const FILE = [
  'Name,Address Line 1,City,Postcode,Reference',
  'Importon House,1 Quay Street,Leeds,LS1 1AA,IMP-1',
  ',2 Quay Street,Leeds,LS1 1AB,IMP-2',
  'Importon Lodge,3 Quay Street,Leeds,LS1 1AC,IMP-3',
].join('\r\n');

async function upload(page: Page, name: string, text: string) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByText(`File: ${name}`).waitFor();
}

describe('CSV import', () => {
  it('checks a file, imports its good rows, downloads the bad one, and imports it fixed; on a desktop and a phone', async () => {
    const b = await suite.open();
    const { page } = b;
    const { token, tenant } = await apiAuth(page);
    const headers = { authorization: `Bearer ${token}`, 'x-tenant': tenant, accept: 'application/json' };
    const named = async () =>
      (
        ((await (await page.request.get(`${suite.server.url}/api/v1/properties?q=Importon`, { headers })).json())
          .data as { name: string }[]) ?? []
      )
        .map((p) => p.name)
        .sort();

    await page.goto(suite.server.url + '/dashboard/property');
    await listLoaded(page);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL(/\/dashboard\/property\/import$/);
    await screenReady(page, 'Import Properties');
    await upload(page, 'portfolio.csv', FILE);
    // The columns matched by their labels.
    await page.getByRole('combobox', { name: 'Field: Postcode' }).waitFor();
    await passes(b, 'import-mapping-desktop');

    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('Check finished: 2 would be created, 0 would be updated, 1 have errors.').waitFor();
    expect(await named()).toEqual([]);
    const errors = page.getByRole('table', { name: 'Rows with errors' });
    await errors.getByRole('cell', { name: '3', exact: true }).waitFor();
    await passes(b, 'import-checked-desktop');

    // The checked file imported as it was checked: its two valid rows.
    await page.getByRole('button', { name: 'Import the 2 valid rows' }).click();
    await page.getByText('Import finished: 2 created, 0 updated, 1 with errors.').waitFor();
    expect(await named()).toEqual(['Importon House', 'Importon Lodge']);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the rows with errors' }).click(),
    ]);
    const failed = await readFile((await download.path())!, 'utf8');
    const lines = failed.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Name,Address Line 1,City,Postcode,Reference,Error');
    expect(lines[1].startsWith(',2 Quay Street,Leeds,LS1 1AB,IMP-2,')).toBe(true);

    // Fixed in the downloaded file (its Error column matches no field and is left out), then imported.
    // The screen opened again (on a phone) shows the import it last started, as the server has it.
    await page.setViewportSize(PHONE);
    await page.reload();
    await screenReady(page, 'Import Properties');
    await page.getByText('Import finished: 2 created, 0 updated, 1 with errors.').waitFor();
    await page.getByRole('button', { name: 'Import another file' }).click();
    await upload(page, 'fixed.csv', failed.replace(',2 Quay Street', 'Importon Court,2 Quay Street'));
    expect(await sideways(page)).toBe(0);
    await passes(b, 'import-mapping-phone');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Import finished: 1 created, 0 updated, 0 with errors.').waitFor();
    expect(await named()).toEqual(['Importon Court', 'Importon House', 'Importon Lodge']);
    expect(await sideways(page)).toBe(0);
    await passes(b, 'import-done-phone');
  });

  it('shows the progress of a large file while it imports, batch by batch, then its result', async () => {
    const b = await suite.open();
    const { page } = b;
    const headers = await apiHeaders(page);
    const property = await page.request.post(`${suite.server.url}/api/v1/properties`, {
      headers,
      data: { name: 'Progressford House', address_line_1: '4 Quay Street', city: 'Leeds', postcode: 'LS1 1AD' },
    });
    expect(property.status()).toBe(201);
    const rows = 20_000;
    let csv = 'Unit name,Property,Unit reference\r\n';
    for (let i = 1; i <= rows; i++) csv += `Progress ${i},Progressford House,PR-${i}\r\n`;

    await page.goto(suite.server.url + '/dashboard/unit/import');
    await screenReady(page, 'Import Units');
    await upload(page, 'large.csv', csv);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    // Running: a bar and the rows done so far, moved a batch of 500 at a time.
    const bar = page.getByRole('progressbar', { name: /rows done/ });
    await bar.waitFor();
    await page.getByText(new RegExp(`^\\d+ of ${rows} rows done, 0 with errors$`)).waitFor();
    await passes(b, 'import-progress-desktop');
    await page.getByText(`Import finished: ${rows} created, 0 updated, 0 with errors.`).waitFor({ timeout: 80_000 });
    expect(await bar.count()).toBe(0);
    const listed = await page.request.get(`${suite.server.url}/api/v1/units?q=Progressford&per_page=1`, { headers });
    expect((await listed.json()).meta.total).toBe(rows);
  }, 150_000);
});
