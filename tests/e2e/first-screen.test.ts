// A signed-in person opening a screen directly (docs/speed.md): the admin's code, the session check
// and the list's first page are asked while the app's code loads, each exactly once; the whole list of a
// small list follows only after the first page is answered; a revoked token shows no rows and goes to /login.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { adminSuite, firstColumn, NORTHGATE, SUPER } from './support/admin';

const suite = adminSuite();

/** The API calls a page makes ("METHOD /path?query"), in the order they were sent; answers are logged as "← call". */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  const name = (r: { method(): string; url(): string }) => {
    const url = new URL(r.url());
    return url.pathname.startsWith('/api/') ? `${r.method()} ${url.pathname}${url.search}` : null;
  };
  page.on('request', (r) => {
    const call = name(r);
    if (call) calls.push(call);
  });
  page.on('requestfinished', (r) => {
    const call = name(r);
    if (call) calls.push(`← ${call}`);
  });
  return calls;
}

async function savedSession(fresh = false) {
  const b = await suite.open(SUPER, NORTHGATE, { fresh });
  const state = await b.context.storageState();
  await b.close();
  return state;
}

describe('the first screen of a signed-in person', () => {
  it('asks the session check, the session and the first page once each, and the whole list after the first page is answered', async () => {
    const b = await suite.openGuest(await savedSession());
    const calls = apiCalls(b.page);
    const firstTen = (
      (await suite.server.database.db
        .execute(sql`select units.name from units join companies on companies.id = units.company_id
        where companies.name = ${NORTHGATE} order by lower(units.name), units.id limit 10`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows.map((r) => r.name);

    // The whole list comes after an idle moment, which may be after the network first fell quiet:
    // wait for its answer itself, then a while longer for anything asked twice.
    const wholeAnswered = b.page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/v1/units' && url.search === '';
    });
    await b.page.goto(suite.server.url + '/dashboard/unit');
    await b.page.locator('table tbody tr td').first().waitFor({ state: 'visible' });
    expect(await firstColumn(b.page)).toEqual(firstTen);
    await wholeAnswered;
    await b.page.waitForTimeout(1_000);

    const count = (call: string) => calls.filter((c) => c === call).length;
    expect(count('POST /api/v1/auth/authenticated')).toBe(1);
    expect(count('GET /api/v1/session')).toBe(1);
    expect(count('GET /api/v1/units?page=1&per_page=10')).toBe(1);
    // The whole list (searched and paged in the browser) is asked once, after the first page
    // was answered: never beside it.
    expect(count('GET /api/v1/units')).toBe(1);
    expect(calls.indexOf('GET /api/v1/units')).toBeGreaterThan(calls.indexOf('← GET /api/v1/units?page=1&per_page=10'));
    expect(b.serverErrors).toEqual([]);
  });

  it('opens the page the address asks for with that page first (?page=2)', async () => {
    const b = await suite.openGuest(await savedSession());
    const calls = apiCalls(b.page);
    await b.page.goto(suite.server.url + '/dashboard/unit?page=2');
    await b.page.getByText(/^11–20 of \d+$/).waitFor();
    expect(calls.filter((c) => c.startsWith('GET /api/v1/units?')).slice(0, 1)).toEqual([
      'GET /api/v1/units?page=2&per_page=10',
    ]);
  });

  it('with a revoked token shows no rows and goes to /login', async () => {
    const state = await savedSession(true);
    const auth = JSON.parse(state.origins[0].localStorage.find((e) => e.name === 'olympus.auth')?.value ?? '{}') as {
      access_token: string;
    };
    const out = await fetch(`${suite.server.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auth.access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);

    const b = await suite.openGuest(state);
    const answers: number[] = [];
    b.page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/units') answers.push(r.status());
    });
    await b.page.goto(suite.server.url + '/dashboard/unit');
    await b.page.waitForURL(/\/login$/);
    await b.page.getByText('Login to Olympus').first().waitFor();
    // The early page was refused by the API, and no unit was ever shown.
    expect(answers.every((s) => s === 401)).toBe(true);
    expect(await b.page.locator('table tbody tr').count()).toBe(0);
  });
});
