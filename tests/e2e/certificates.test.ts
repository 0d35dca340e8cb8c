// Certificates in a real browser against the real server, on the demo data (server/db/seedCompliance.ts): from the
// Compliance menu item, the list's status chips each with its word, filtered by status through the filter bar's
// address, the edit form's read-only status; axe on the list and the form, and no sideways scrolling on a 390 px
// phone.
import { describe, expect, it } from 'vitest';
import { adminSuite, listLoaded, passes, screenReady, sideways } from './support/admin';
import { CERTIFICATE_STATUSES } from '../../contract/compliance';
import { certificateResource } from '../../contract/resources/certificates';
import { choiceLabel, type ChoiceField } from '../../contract/resources/declare';

const suite = adminSuite();
const statusField = certificateResource.fields.status as ChoiceField;
const words = CERTIFICATE_STATUSES.map((s) => choiceLabel(statusField, s));

describe('certificates', () => {
  it('lists the demo certificates with their status as a chip with its word, under Compliance', async () => {
    const b = await suite.open();
    const { page } = b;
    // Compliance leads to the overview (tests/e2e/compliance.test.ts), which links to every certificate.
    await page.getByRole('menuitem', { name: 'Compliance' }).click();
    await screenReady(page, 'Compliance');
    await page.getByRole('link', { name: 'All certificates' }).click();
    await screenReady(page, 'Certificates');
    await listLoaded(page);
    const chips = await page.locator('table tbody .MuiChip-label').allTextContents();
    expect(chips.length).toBeGreaterThan(0);
    for (const chip of chips) expect(words).toContain(chip);
    await passes(b, 'certificates-list');

    // Only the expired ones, by the list's address (the filter bar's state).
    await page.goto(`${suite.server.url}/dashboard/certificate?status=expired`);
    await screenReady(page, 'Certificates');
    await listLoaded(page);
    const expired = await page.locator('table tbody .MuiChip-label').allTextContents();
    expect(new Set(expired)).toEqual(new Set([choiceLabel(statusField, 'expired')]));

    // The edit form shows the status, read-only.
    await page.locator('table tbody tr').first().getByRole('link', { name: 'Edit Certificate' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Certificate' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Status' }).getAttribute('aria-disabled')).toBe('true');
    await passes(b, 'certificate-edit');
    expect(b.serverErrors).toEqual([]);
  });

  it('fits a 390 px phone', async () => {
    const b = await suite.open();
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.server.url}/dashboard/certificate`);
    await screenReady(page, 'Certificates');
    expect(await sideways(page)).toBe(0);
    await passes(b, 'certificates-phone');
  });
});
