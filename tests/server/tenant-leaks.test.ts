// No read answers another company's data. Two companies full of records of every declared resource,
// changed by their own people (history, trash, imports, integration settings, audit rows), plus the
// changes that used to be tagged with the caller's X-Tenant (a super admin editing company C's user
// while sending company N; a failed sign-in of C's user sent with N's auditor's token and X-Tenant).
// Then every GET operation of the OpenAPI document — lists paged and whole, one record, forms,
// history, trash, audit, imports, templates — is called as each kind of caller of company N, with
// N's records and with C's in its path, and no answer may hold an id, a name or an email that
// belongs only to company C. The paths come from the document, so a new route is read the day it is
// added (docs/security.md "Tenancy").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createUser, tokenFor } from './factories';
import { apiAs, createWorld, unique, type World } from './resources-fixtures';
import { declaredFixtures, importCsv, importEnded } from './declared-fixtures';
import { authClient, uniqueIp } from './auth-client';
import { userSystems } from '../../server/db/schema';
import { PERMISSIONS } from '../../contract/permissions';
import type { ResourceDecl } from '../../contract/resources/declare';
import { crudOf } from '../../server/crud/resourceRoutes';
import { EVERY_COMPANY } from '../../server/db/tenantScope';

const fx = declaredFixtures();
let t: TestApp;
let w: World;
const db = () => t.database.db;

type Headers = { authorization: string };
/** What belongs only to company C: each value with what it is, for the report. */
const secrets = new Map<string, string>();
const secret = (value: string, what: string) => {
  secrets.set(value, what);
  return value;
};
/** Per resource: a record of N's and one of C's, for `{id}` in a path. */
const ids: Record<string, { n: string; c: string }> = {};
/** N's callers: the built-in roles, a custom role holding every permission, and an auditor. */
const callers: Record<string, Headers> = {};

async function userWithRole(roleName: string, grants: string[], companies: { id: string }[], name?: string) {
  const role = await createRole(db(), 'Olympus', roleName, grants);
  const user = await createUser(db(), { companies, name });
  await db().insert(userSystems).values({ userId: user.id, systemId: role.systemId, roleId: role.id });
  return user;
}

const nameField = (d: ResourceDecl) => {
  const f = (d.fields as Record<string, { type?: string; max?: number }>).name;
  return f && (f.type === 'text' || f.type === undefined) ? f : undefined;
};

/** A record of `d` made by `auth` in `company`, its name (when it has one) a value of its own. */
async function created(d: ResourceDecl, company: { id: string }, auth: Headers, mark: string): Promise<string> {
  const body = await fx.validBody({ t, w }, d, company);
  if (nameField(d)) body.name = mark;
  let res = await apiAs(t, auth, company.id).post(d.path, body);
  // A resource the company's admin may not manage (reports: reports.manage) is made by a super admin.
  if (res.statusCode === 403) res = await apiAs(t, w.headers.super_admin, company.id).post(d.path, body);
  if (res.statusCode !== 201) throw new Error(`POST ${d.path}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: string } }).data.id;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  const n = w.own;
  const c = await createCompany(db(), { name: secret(unique('Cee Holdings'), 'C company name') });
  secret(c.id, 'C company id');
  const cMail = (who: string) => `${unique(who).toLowerCase()}@cee.example.test`;
  // C's manager holds every permission (a custom role reaching only C), so every kind of change is C's own.
  const everything = PERMISSIONS.map((p) => p.name);
  const cAdmin = await userWithRole('c_everything', everything, [c], unique('Cee Admin'));
  const cUser = await createUser(db(), {
    role: 'system_user',
    companies: [c],
    name: unique('Cee Staff'),
    email: cMail('cstaff'),
  });
  const ok = async (res: Promise<{ statusCode: number; body: string }>, what: string) => {
    const done = await res;
    if (done.statusCode >= 300) throw new Error(`${what}: ${done.statusCode} ${done.body}`);
  };
  const cAuditor = await userWithRole('c_auditor', ['audit.view'], [c], unique('Cee Auditor'));
  for (const u of [cAdmin, cUser, cAuditor]) {
    secret(u.id, `C user id (${u.name})`);
    secret(u.name, 'C user name');
    secret(u.email, 'C user email');
  }
  const cAuth = await tokenFor(db(), cAdmin.id);
  // A user of both companies, changed by C's admin: N's callers may see the user, not C's part.
  const shared = await createUser(db(), { role: 'system_user', companies: [n, c], name: unique('Shared Person') });

  // N's callers.
  callers.admin = w.headers.admin;
  callers.system_user = w.headers.system_user;
  callers.none = w.headers.none;
  callers.every_permission = await tokenFor(db(), (await userWithRole('n_everything', everything, [n])).id);
  callers.auditor = await tokenFor(db(), (await userWithRole('n_auditor', ['audit.view'], [n])).id);

  // Records of every scoped declared resource in both companies; C's changed, and one trashed, by C's admin.
  for (const d of fx.resources.filter((r) => r.tenancy === 'scoped' && r.name !== 'users')) {
    const nId = await created(d, n, w.headers.super_admin, unique(`N ${d.name}`));
    const cId = secret(
      await created(d, c, cAuth, secret(unique(`Cee ${d.name}`), `C ${d.name} name`)),
      `C ${d.name} id`,
    );
    ids[d.name] = { n: nId, c: cId };
    const edit = await apiAs(t, cAuth, c.id).get(`${d.path}/${cId}/edit`);
    if (edit.statusCode === 200 && nameField(d)) {
      const renamed = secret(unique(`Cee renamed ${d.name}`), `C ${d.name} name`);
      await apiAs(t, cAuth, c.id).put(`${d.path}/${cId}`, { ...(await fx.validBody({ t, w }, d, c)), name: renamed });
    }
    if (d.trash !== false) {
      const gone = secret(
        await created(d, c, cAuth, secret(unique(`Cee trashed ${d.name}`), `C ${d.name} name`)),
        `C ${d.name} id`,
      );
      await apiAs(t, cAuth, c.id).delete(`${d.path}/${gone}`);
    }
  }
  ids.companies = { n: n.id, c: c.id };
  ids.company = ids.companies;
  ids.users = { n: shared.id, c: cUser.id };

  // C's own changes through the API: its company record and an integration's settings.
  await ok(
    apiAs(t, cAuth, c.id).put(`/companies/${c.id}`, { name: c.name, city: secret(unique('Ceeville'), 'C city') }),
    'C edits C',
  );
  await ok(
    apiAs(t, cAuth, c.id).put(`/companies/${c.id}/integrations/accounting`, {
      tenant_id: secret(unique('CEE-TENANT'), 'C integration tenant id'),
      client_id: secret(unique('CEE-CLIENT'), 'C integration client id'),
    }),
    'C sets an integration',
  );
  // C's manager renames the shared user: the name is the user's own (N sees it), who changed it is C's.
  await ok(
    apiAs(t, cAuth, c.id).put(`/users/${shared.id}`, { name: unique('Shared renamed') }),
    'C renames the shared user',
  );
  // A super admin (a member of every company) edits C's user and C's company while sending N as X-Tenant.
  const sa = apiAs(t, w.headers.super_admin, n.id);
  await ok(
    sa.put(`/users/${cUser.id}`, { name: secret(unique('Cee Staff renamed'), 'C user name') }),
    'super admin renames C user',
  );
  await ok(
    sa.put(`/companies/${c.id}`, { name: c.name, city: secret(unique('Ceetown'), 'C city') }),
    'super admin edits C',
  );
  await ok(
    sa.put(`/companies/${c.id}/integrations/portal-feed`, {
      branch_id: secret(unique('CEE-BRANCH'), 'C integration branch id'),
    }),
    'super admin sets C integration',
  );
  // C's manager makes a role (roles belong to no company) and moves it to the trash: N's role editors
  // see the role, not who in C deleted it.
  const roleName = unique('cee_role').toLowerCase().replace(/-/g, '_');
  const role = await apiAs(t, cAuth, c.id).post('/roles', {
    name: roleName,
    label: 'Cee role',
    permissions: ['users.view'],
  });
  await ok(Promise.resolve(role), 'C makes a role');
  await ok(
    apiAs(t, cAuth, c.id).delete(`/roles/${(role.json() as { data: { id: string } }).data.id}`),
    'C trashes a role',
  );
  // A failed sign-in of C's user, sent with N's auditor's token and X-Tenant N.
  const client = authClient(t);
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { ...callers.auditor, 'x-tenant': n.id, ...(await client.csrf()) },
    payload: { email: cUser.email, password: 'Wrong-Guess-1' },
    remoteAddress: uniqueIp(),
  });
  // An import in C (a dry run) and one in N, for /imports/{id}.
  const units = fx.named('units') ?? fx.resources.find((d) => d.tenancy === 'scoped' && d.import !== false);
  if (units) {
    const imp = async (company: { id: string }, auth: Headers) => {
      const res = await apiAs(t, auth, company.id).post(
        `${units.path}/import?dry_run=true`,
        importCsv(await fx.validBody({ t, w }, units, company)),
      );
      const id = (res.json() as { data: { id: string } }).data.id;
      await importEnded(db(), id);
      return id;
    };
    ids.imports = { n: await imp(n, w.headers.admin), c: secret(await imp(c, cAuth), 'C import id') };
  }
}, 120_000);
afterAll(() => t.close());

interface Operation {
  path: string;
  query: string[];
}

async function getOperations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, { get?: { parameters?: { in: string; name: string }[] } }>;
  };
  return Object.entries(doc.paths)
    .filter(([, m]) => m.get)
    .map(([path, m]) => ({
      path,
      query: (m.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    }));
}

/** The record a path's `{id}` names: by the path's first segment under /api/v1 (reports/manage by its declaration). */
function idFor(path: string, which: 'n' | 'c'): string | undefined {
  const rest = path.replace(/^\/api\/v1\//, '');
  const decl = fx.resources.find((d) => rest.startsWith(d.path.replace(/^\//, '') + '/'));
  const key = decl?.name ?? rest.split('/')[0];
  return ids[key]?.[which];
}

/** The URLs to read for one operation: with N's and C's record, paged and whole, and searching for C's things. */
function urlsOf(op: Operation): string[] {
  const base = op.path.replace('{integration}', 'accounting');
  const withIds = base.includes('{id}')
    ? (['n', 'c'] as const).flatMap((which) => {
        const id = idFor(base, which);
        return id ? [base.replace('{id}', id)] : [];
      })
    : [base];
  const urls: string[] = [];
  for (const url of withIds) {
    urls.push(url);
    if (op.query.includes('page')) urls.push(`${url}?page=1&per_page=500`);
    if (op.query.includes('q')) urls.push(`${url}?q=cee`);
    if (op.query.includes('all')) urls.push(`${url}?all=true`);
  }
  return urls;
}

describe('no read answers another company’s data', () => {
  it('every GET of the OpenAPI document, as each of N’s callers, holds nothing only C has', async () => {
    const ops = await getOperations();
    expect(ops.length).toBeGreaterThan(40);
    expect(secrets.size).toBeGreaterThan(20);
    const leaks: string[] = [];
    let read = 0;
    for (const [who, auth] of Object.entries(callers)) {
      const urls = ops.flatMap(urlsOf);
      const answers = await Promise.all(
        urls.map(async (url) => ({
          url,
          res: await t.app.inject({
            method: 'GET',
            url,
            headers: { ...auth, 'x-tenant': w.own.id },
            remoteAddress: uniqueIp(),
          }),
        })),
      );
      for (const { url, res } of answers) {
        if (res.statusCode === 200) read++;
        for (const [value, what] of secrets)
          if (res.body.includes(value)) leaks.push(`${who} GET ${url} (${res.statusCode}): ${what}`);
      }
    }
    expect(leaks).toEqual([]);
    // The walk read real answers, not only refusals.
    expect(read).toBeGreaterThan(100);
  }, 120_000);

  it('C’s own admin does see C’s things (the secrets are real, so the walk above could fail)', async () => {
    const cAdmin = (await db().execute(sql`select u.id from users u join user_companies uc on uc.user_id = u.id
      where uc.company_id = ${ids.companies.c} and u.name like 'Cee Admin%'`)) as unknown as { rows: { id: string }[] };
    const auth = await tokenFor(db(), cAdmin.rows[0].id);
    const res = await apiAs(t, auth, ids.companies.c).get(`/companies/${ids.companies.c}/edit`);
    expect(res.statusCode).toBe(200);
    expect([...secrets.keys()].some((s) => res.body.includes(s))).toBe(true);
  });
});

describe('a read that forgets its company reads nothing', () => {
  it('each scoped resource’s generic reads with no company answer no record; EVERY_COMPANY, said deliberately, all', async () => {
    let checked = 0;
    for (const d of fx.resources.filter((r) => r.tenancy === 'scoped' && ids[r.name])) {
      const crud = crudOf(d);
      if (!('find' in crud)) continue;
      const { n, c } = ids[d.name];
      expect(await crud.find(db(), null, n), d.name).toBeNull();
      expect((await crud.findMany(db(), null, [n, c])).size, d.name).toBe(0);
      const list = await crud.list(db(), null, { page: 1, per_page: 100 });
      expect(JSON.parse(list.json.toString()), d.name).toEqual([]);
      expect((await crud.findMany(db(), EVERY_COMPANY, [n, c])).size, d.name).toBe(2);
      expect(await crud.find(db(), w.own.id, n), d.name).not.toBeNull();
      checked++;
    }
    expect(checked).toBeGreaterThan(1);
  });
});
