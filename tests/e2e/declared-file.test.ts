// A file field in a real browser against the real server (docs/resources.md "Files"): the test tree's
// "policies" declaration joins a test build of the SPA (support/file-registry.ts) and the server. As
// super admin: a certificate uploaded in the create form (its name and size shown), a renamed program
// refused in the server's words, the record saved with its file, the list's paper clip, the file
// downloaded from the edit form byte for byte, removed; axe on the forms and the list, and no sideways
// scrolling on a 390 px phone.
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminSuite, listLoaded, passes, rowWith, screenReady, sideways, textbox } from './support/admin';
import { startServer } from './support/server';
import { buildSpaWithRegistry } from './support/spa-build';
import { createPoliciesTable, policyCrud } from '../server/policy-resource';
import { UPLOAD_MESSAGES } from '../../server/uploads/routes';

const OUT_DIR = `.tmp/dist-file-${process.pid}`;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 0x20), Buffer.from('\n%%EOF\n')]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);

const suite = adminSuite(async () => {
  const built = await buildSpaWithRegistry('tests/e2e/support/file-registry.ts', OUT_DIR);
  console.info(`declared-file: test build of the SPA in ${built.ms} ms`);
  const server = await startServer(
    { staticDir: OUT_DIR },
    { resources: [policyCrud.routes], prepare: async ({ db }) => createPoliciesTable(db) },
  );
  return {
    ...server,
    async close() {
      await server.close();
      rmSync(OUT_DIR, { recursive: true, force: true });
    },
  };
});

const policyId = async (name: string) => {
  const result = await suite.server.database.db.execute(sql`select id from policies where name = ${name}`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
};

describe('a file field', () => {
  it('uploads, saves, lists, downloads and removes a certificate through the generated screens', async () => {
    const name = `Buildings cover ${Date.now().toString(36)}`;
    const b = await suite.open();
    const { page } = b;
    await page.goto(suite.server.url + '/dashboard/policy/create');
    await screenReady(page, 'Create a Policy');
    await textbox(page, 'Policy name').fill(name);
    // A program renamed as a photo: the server's refusal, nothing set.
    await page
      .locator('input[type="file"][name="photo"]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: EXE });
    await page.getByText(UPLOAD_MESSAGES.type).waitFor();
    await page
      .locator('input[type="file"][name="certificate"]')
      .setInputFiles({ name: 'Buildings 2026.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Download Buildings 2026.pdf' }).waitFor();
    await passes(b, 'file-create');
    await page.getByRole('button', { name: 'Create Policy' }).click();
    await page.getByText('The policy has been created. Redirecting...').waitFor();

    await page.goto(suite.server.url + '/dashboard/policy');
    await listLoaded(page);
    await rowWith(page, name).getByRole('img', { name: 'File attached: Buildings 2026.pdf' }).waitFor();
    await passes(b, 'file-list');

    const id = await policyId(name);
    await page.goto(`${suite.server.url}/dashboard/policy/${id}/edit`);
    await screenReady(page, 'Edit Policy');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Buildings 2026.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Buildings 2026.pdf');
    expect((await readFile((await download.path())!)).equals(PDF)).toBe(true);
    await passes(b, 'file-edit');

    // On a 390 px phone: the same field, nothing scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.server.url}/dashboard/policy/${id}/edit`);
    await screenReady(page, 'Edit Policy');
    await page.getByRole('button', { name: 'Download Buildings 2026.pdf' }).waitFor();
    expect(await sideways(page)).toBe(0);
    await passes(b, 'file-edit-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Remove Buildings 2026.pdf' }).click();
    await page.getByRole('button', { name: 'Update Policy' }).click();
    await expect
      .poll(async () => {
        const r = await suite.server.database.db.execute(sql`select certificate from policies where id = ${id}`);
        return (r as unknown as { rows: { certificate: string | null }[] }).rows[0]?.certificate;
      })
      .toBeNull();
  }, 240_000);
});
