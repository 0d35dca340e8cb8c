// A company in the trash is no tenant: with its X-Tenant every company-scoped route answers 403 as for
// a company the caller does not belong to — its own members, tokens issued before the trashing and
// super admins alike — and nothing is read from or written into it. The routes come from the server's
// route table, so a new scoped route is attacked the moment it exists (docs/security.md "Tenancy").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, tokenFor } from './factories';
import { apiAs, count, createWorld, ROLE_KEYS, type World } from './resources-fixtures';
import { declaredFixtures, importCsv } from './declared-fixtures';
import { routeTable, type RouteEntry } from '../../server/http/routeAccess';
import { TENANT_FORBIDDEN } from '../../server/auth/guard';

const fx = declaredFixtures();
let t: TestApp;
let w: World;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
});
afterAll(() => t.close());

const scopedTables = () => fx.resources.filter((d) => d.tenancy === 'scoped');

/** What a company holds: its records of every scoped declared resource, its imports and its audit rows. */
async function holdings(companyId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const d of scopedTables()) {
    // Users belong to companies through their memberships; every other scoped table by company_id.
    out[d.name] = await count(
      db(),
      d.name === 'users'
        ? sql`select count(*) as n from user_companies where company_id = ${companyId}`
        : sql`select count(*) as n from ${sql.identifier(d.name)} where company_id = ${companyId}`,
    );
  }
  out.imports = await count(db(), sql`select count(*) as n from imports where company_id = ${companyId}`);
  out.audit = await count(db(), sql`select count(*) as n from audit_log`);
  return out;
}

/** Every company-scoped route of the route table, with its ids filled by records of `company`. */
async function scopedCalls(company: { id: string }, ids: Record<string, string>) {
  const calls: { route: RouteEntry; url: string; body?: unknown }[] = [];
  for (const route of routeTable(t.app).filter((r) => r.access.tenant === 'scoped')) {
    const resource = route.url.replace(/^\/api\/v1\//, '').split('/')[0];
    const decl = fx.named(resource);
    let url = route.url.replace(':entryId', '1').replace(':integration', 'accounting');
    if (url.includes(':id')) url = url.replace(':id', ids[resource] ?? '00000000-0000-4000-8000-000000000000');
    let body: unknown;
    if (route.method === 'POST' || route.method === 'PUT') {
      body = decl && !url.includes('/history/') ? await fx.validBody({ t, w }, decl, company) : {};
      if (url.endsWith('/import')) body = importCsv(body as Record<string, unknown>);
      if (url.endsWith('/bulk')) body = { action: 'delete', ids: ids[resource] ? [ids[resource]] : [] };
      if (resource === 'users' && route.url === '/api/v1/users')
        body = { name: 'Intruder', email: 'intruder@example.test' };
    }
    calls.push({ route, url, body });
  }
  return calls;
}

describe('a company in the trash', () => {
  it('is refused on every scoped route, for every role, with tokens from before and after, in parallel', async () => {
    const x = await createCompany(db(), { name: 'Trashed Lets' });
    // Every role of the world is also a member of X; a super admin reaches it through the role.
    for (const role of ROLE_KEYS)
      await db().execute(sql`insert into user_companies (user_id, company_id) values (${w.users[role].id}, ${x.id})`);
    const member = await createUser(db(), { role: 'admin', companies: [x] });
    // Records of every scoped resource in X, made while it was live.
    const ids: Record<string, string> = { users: member.id };
    for (const d of scopedTables()) ids[d.name] = await fx.createDeclared({ t, w }, d, x);
    const calls = await scopedCalls(x, ids);
    expect(calls.length).toBeGreaterThan(20);

    // The API refuses to trash a company that still holds properties; X stands for one that was
    // trashed empty and then filled through the hole this test closes.
    await db().execute(sql`update companies set deleted_at = now() where id = ${x.id}`);
    const before = await holdings(x.id);
    const fresh = await tokenFor(db(), member.id);
    const callers = [...ROLE_KEYS.map((role) => w.headers[role]), await tokenFor(db(), member.id), fresh];

    const answers = await Promise.all(
      callers.flatMap((auth) =>
        calls.map(async (c) => ({ c, res: await apiAs(t, auth, x.id).request(c.route.method, c.url, c.body) })),
      ),
    );
    const wrong = answers
      .filter(({ res }) => res.statusCode !== 403 || res.json().message !== TENANT_FORBIDDEN)
      .map(({ c, res }) => `${c.route.method} ${c.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    expect(wrong).toEqual([]);
    expect(await holdings(x.id)).toEqual(before);

    // Restored from the trash, the same tokens work again: the refusal was the trash's.
    await db().execute(sql`update companies set deleted_at = null where id = ${x.id}`);
    const propertiesPath = fx.named('properties')?.path ?? '/properties';
    expect((await apiAs(t, fresh, x.id).get(propertiesPath)).statusCode).toBe(200);
  });

  it('trashed through the API, its admin can neither list nor create in it, nor open a system with it', async () => {
    const x = await createCompany(db(), { name: 'Emptied Lets' });
    const admin = await createUser(db(), { role: 'admin', companies: [x] });
    const auth = await tokenFor(db(), admin.id);
    const properties = fx.named('properties');
    if (!properties) throw new Error('the properties resource is declared');
    expect((await apiAs(t, auth, x.id).get(properties.path)).statusCode).toBe(200);
    expect((await apiAs(t, w.headers.super_admin, null).delete(`/companies/${x.id}`)).statusCode).toBe(200);

    const body = await fx.validBody({ t, w }, properties, w.own);
    const [list, create, again] = await Promise.all([
      apiAs(t, auth, x.id).get(properties.path),
      apiAs(t, auth, x.id).post(properties.path, body),
      apiAs(t, await tokenFor(db(), admin.id), x.id).post(properties.path, body),
    ]);
    for (const res of [list, create, again]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: TENANT_FORBIDDEN });
    }
    expect(await holdings(x.id)).toMatchObject({ properties: 0 });
    // The company is gone from the caller's session, and a super admin cannot use it either.
    const session = (await apiAs(t, auth, null).get('/session')).json();
    expect(session.data.companies ?? session.data.user?.companies).toEqual([]);
    const sa = await apiAs(t, w.headers.super_admin, x.id).get(properties.path);
    expect(sa.statusCode).toBe(403);
    // Nor can a system be opened with it as the company, by a member or a super admin.
    const everest = await createUser(db(), {
      role: 'super_admin',
      companies: [x],
      systems: [{ name: 'Everest', role: 'manager' }],
    });
    const found = (await db().execute(sql`select id from systems where name = 'Everest'`)) as unknown as {
      rows: { id: string }[];
    };
    const [system] = found.rows;
    const systemId = system.id;
    const handoff = await t.app.inject({
      method: 'GET',
      url: `/api/v1/systems/${systemId}/redirect?tenant=${x.id}`,
      headers: await tokenFor(db(), everest.id),
    });
    expect(handoff.statusCode).toBe(403);
    expect(handoff.json()).toEqual({ message: TENANT_FORBIDDEN });
    // Purging it still works: nothing was created in it.
    expect((await apiAs(t, w.headers.super_admin, null).delete(`/companies/${x.id}?purge=true`)).statusCode).toBe(200);
  });
});
