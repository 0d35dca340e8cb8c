// Edits that cannot overwrite each other (docs/resources.md "Versions and conflicts"), in chromium
// against the real server with the demo seed: two people open the same unit; the first saves; the
// second's save is refused with the conflict panel (their value beside the typed one, who and when),
// which passes axe and fits a 390 px phone (a third person's); "Keep mine" saves over it, and the
// unit holds the second person's value.
import { describe, expect, it } from 'vitest';
import {
  adminSuite,
  apiAuth,
  listLoaded,
  passes,
  rowWith,
  screenReady,
  shot,
  sideways,
  textbox,
  dataCells,
} from './support/admin';
import { seriousViolations } from './support/axe';

const suite = adminSuite();

describe('two people editing one unit', () => {
  it('the second sees the conflict panel, keeps theirs ("Keep mine") and the unit holds it', async () => {
    // Alex Admin saves first; Sam Super (the super admin) second.
    const first = await suite.open('admin@example.com');
    const second = await suite.open();
    const third = await suite.open();
    await third.page.setViewportSize({ width: 390, height: 844 });

    // Both open the edit screen of the same unit.
    await first.page.goto(suite.server.url + '/dashboard/unit');
    await listLoaded(first.page);
    const row = first.page.locator('table tbody tr').first();
    const original = (await dataCells(row).first().textContent()) ?? '';
    await row.getByRole('link', { name: 'Edit Unit' }).click();
    await first.page.waitForURL(/\/dashboard\/unit\/[0-9a-f-]{36}\/edit$/);
    const editUrl = first.page.url();
    const id = editUrl.split('/').at(-2) as string;
    await second.page.goto(editUrl);
    await third.page.goto(editUrl);
    for (const b of [first, second, third]) {
      await screenReady(b.page, 'Edit Unit');
      await expect.poll(() => textbox(b.page, 'Unit name').inputValue()).toBe(original);
    }
    const loadedBedrooms = await second.page.getByRole('spinbutton', { name: 'Bedrooms' }).inputValue();
    const theirBedrooms = loadedBedrooms === '4' ? '5' : '4';

    // The first saves a new name and bedrooms.
    await textbox(first.page, 'Unit name').fill(`${original} (first)`);
    await first.page.getByRole('spinbutton', { name: 'Bedrooms' }).fill(theirBedrooms);
    await first.page.getByRole('button', { name: 'Update Unit' }).click();
    await first.page.getByText('The unit has been updated. Redirecting...').waitFor();

    // The second, still on the version they opened, saves their own name: refused, with the panel.
    const page = second.page;
    await textbox(page, 'Unit name').fill(`${original} (second)`);
    await page.getByRole('button', { name: 'Update Unit' }).click();
    const panel = page.getByRole('region', { name: 'Someone else saved this record while you were editing it' });
    await panel.waitFor();
    const name = panel
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Unit name' }) });
    await expect.poll(() => name.getByTestId('conflict-theirs').textContent()).toBe(`${original} (first)`);
    expect(await name.getByTestId('conflict-yours').textContent()).toBe(`${original} (second)`);
    expect(await name.textContent()).toMatch(/Changed by Alex Admin, /);
    const bedrooms = panel
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Bedrooms' }) });
    expect(await bedrooms.getByTestId('conflict-theirs').textContent()).toBe(theirBedrooms);
    // What they typed is still in the form.
    expect(await textbox(page, 'Unit name').inputValue()).toBe(`${original} (second)`);
    await panel.scrollIntoViewIfNeeded();
    await passes(second, 'conflict-panel-desktop');
    await shot(second, 'conflict-panel-desktop-view', { keepScroll: true });

    // On a 390 px phone (opened at that size, as a phone would: the layout picks its phone navigation
    // at load), a third save of the version before the first's: the panel stacks, nothing scrolls sideways.
    const phone = third.page;
    await textbox(phone, 'Unit name').fill(`${original} (phone)`);
    await phone.getByRole('button', { name: 'Update Unit' }).click();
    const small = phone.getByRole('region', { name: 'Someone else saved this record while you were editing it' });
    await small.waitFor();
    await expect.poll(() => small.getByRole('listitem').count()).toBe(2);
    expect(await sideways(phone)).toBe(0);
    const box = await small.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await small.scrollIntoViewIfNeeded();
    expect(await seriousViolations(phone)).toEqual([]);
    await shot(third, 'conflict-panel-phone', { keepScroll: true });

    // Keep mine: saved over the first's change, based on the version it made.
    await panel.getByRole('button', { name: 'Keep mine' }).click();
    await page.getByText('The unit has been updated. Redirecting...').waitFor();
    await page.waitForURL(/\/dashboard\/unit$/);
    const { token, tenant } = await apiAuth(page);
    const res = await page.request.get(`${suite.server.url}/api/v1/units/${id}`, {
      headers: { authorization: `Bearer ${token}`, 'x-tenant': tenant },
    });
    const unit = (await res.json()).data;
    // Keep mine keeps the whole form as the second had it: their name, and the bedrooms as they loaded them
    // (the panel showed the first's beside them).
    expect(unit.name).toBe(`${original} (second)`);
    expect(unit.bedrooms).toBe(loadedBedrooms === '' ? null : Number(loadedBedrooms));
    expect(unit.version).toBe(3);
    await listLoaded(page);
    await expect.poll(() => rowWith(page, `${original} (second)`).count()).toBeGreaterThan(0);
  });
});
