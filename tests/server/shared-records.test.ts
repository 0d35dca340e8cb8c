// A record several companies share (docs/resources.md "Binding and hooks" and "Inputs"), as a client sees it:
// a throwaway "vendors" resource whose companies are a tenant link (vendor_companies), written by its
// afterChange from the `companies` input; what an admin sees of those companies narrowed by its
// afterRead; a super_admin's reach over every company declared with `everyCompany`. Attacked as an
// admin of a company the vendor is not in: every read and write answers 404 and changes nothing.
import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareResource, group, text as textField } from '../../contract/resources/declare';
import { checkboxInput, refsInput } from '../../contract/resources/inputs';
import { SUPER_ADMIN } from '../../contract/roles';
import { requireAuth } from '../../server/auth/guard';
import { defineCrud } from '../../server/crud';
import { EVERY_COMPANY } from '../../server/db/tenantScope';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, tokenFor } from './factories';
import { apiAs, auditFor, count, createWorld, type Api, type World } from './resources-fixtures';

const vendorResource = declareResource({
  name: 'vendors',
  spa: 'vendor',
  noun: { one: 'vendor', many: 'vendors' },
  area: 'units',
  tenancy: 'scoped',
  everyCompany: true,
  fields: { ...group('Vendor', { name: textField('Vendor name', { required: true }) }) },
  inputs: {
    ...group('Vendor', { notify: checkboxInput('Tell the vendor', { on: 'update', help: 'They get an email' }) }),
    ...group('Companies', { companies: refsInput('Companies', 'companies', { maxItems: 20 }) }),
  },
  list: { columns: ['name'], sort: ['name'], search: ['name'] },
  bulk: false,
  import: false,
});

const vendors = pgTable('vendors', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by'),
});
const vendorCompanies = pgTable(
  'vendor_companies',
  { vendorId: uuid('vendor_id').notNull(), companyId: uuid('company_id').notNull() },
  (t) => [primaryKey({ columns: [t.vendorId, t.companyId] })],
);

const idsOf = (sent: unknown): string[] | undefined =>
  Array.isArray(sent)
    ? sent.map((c) => (typeof c === 'string' ? c : String((c as { uuid?: string; id?: string }).uuid ?? c.id)))
    : undefined;

const vendorCrud = defineCrud(
  vendorResource,
  { table: vendors, tenantLink: { table: vendorCompanies, owner: 'vendor_id', company: 'company_id' } },
  {
    computed: {
      companies: {
        sql: sql`coalesce((select json_agg(vc.company_id order by vc.company_id) from vendor_companies vc
          where vc.vendor_id = ${sql`${vendors}.${sql.identifier('id')}`}), '[]'::json)`,
        schema: { type: 'array', items: { type: 'string' } } as never,
      },
    },
    // An admin sees only their own companies of a vendor.
    afterRead({ req, record }) {
      const auth = requireAuth(req);
      if (auth.role === SUPER_ADMIN) return record;
      return { ...record, companies: (record.companies as string[]).filter((c) => auth.companyIds.includes(c)) };
    },
    // The memberships: on create the companies sent (else the X-Tenant one); on update those sent, among the caller's.
    async afterChange({ db, tenant, req, id, body, before }) {
      const auth = requireAuth(req);
      const wanted = idsOf(body.companies);
      if (!before) {
        for (const c of wanted ?? [tenant as string])
          await db.insert(vendorCompanies).values({ vendorId: id, companyId: c }).onConflictDoNothing();
      } else if (wanted) {
        const mine = auth.role === SUPER_ADMIN ? null : auth.companyIds;
        await db.execute(
          sql`delete from vendor_companies where vendor_id = ${id} and (${mine === null} or company_id = any(${`{${(mine ?? []).join(',')}}`}::uuid[]))`,
        );
        for (const c of wanted)
          await db.insert(vendorCompanies).values({ vendorId: id, companyId: c }).onConflictDoNothing();
      }
      return { detail: body.notify === true ? { notified: true } : null };
    },
  },
);

let t: TestApp;
let w: World;
let admin: Api;
let sa: Api;
/** An admin of a third company only, which no vendor below is in. */
let stranger: Api;
let third: { id: string };
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({}, { resources: [vendorCrud.routes] });
  await db().execute(sql`create table vendors (id uuid primary key default gen_random_uuid(), name text not null,
    version integer not null default 1, updated_at timestamptz not null default now(), deleted_at timestamptz, deleted_by uuid)`);
  await db()
    .execute(sql`create table vendor_companies (vendor_id uuid not null references vendors(id) on delete cascade,
    company_id uuid not null references companies(id), primary key (vendor_id, company_id))`);
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  sa = apiAs(t, w.headers.super_admin, w.own.id);
  third = await createCompany(db(), { name: 'Third Homes' });
  const outsider = await createUser(db(), { role: 'admin', companies: [third] as never, name: 'Outsider' });
  stranger = apiAs(t, await tokenFor(db(), outsider.id), third.id);
});
afterAll(() => t.close());

async function vendorIn(companies: string[], name = `Vendor ${companies.length}`) {
  const res = await sa.post('/vendors', { name, companies });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; companies: string[]; version: number };
}

describe('a record shared by companies (a tenant link)', () => {
  it('is created in the X-Tenant company when no companies are sent, and listed there only', async () => {
    const res = await admin.post('/vendors', { name: 'Only Ours' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made.companies).toEqual([w.own.id]);
    expect(made).not.toHaveProperty('notify');
    expect((await admin.get('/vendors?q=Only%20Ours')).json().data.map((v: { id: string }) => v.id)).toEqual([made.id]);
    expect((await admin.get('/vendors?q=Only%20Ours', w.other.id)).statusCode).toBe(403);
    expect((await stranger.get('/vendors?q=Only%20Ours')).json().data).toEqual([]);
  });

  it('is listed in each of its companies; an admin sees only their own companies of it, a super_admin all', async () => {
    const shared = await vendorIn([w.own.id, third.id], 'Shared Vendor');
    const asAdmin = (await admin.get(`/vendors/${shared.id}`)).json().data;
    expect(asAdmin.companies).toEqual([w.own.id]);
    const asStranger = (await stranger.get(`/vendors/${shared.id}`)).json().data;
    expect(asStranger.companies).toEqual([third.id]);
    expect((await sa.get(`/vendors/${shared.id}`)).json().data.companies).toEqual([w.own.id, third.id].sort());
    const listed = (await stranger.get('/vendors?q=Shared%20Vendor')).json().data;
    expect(listed.map((v: { companies: string[] }) => v.companies)).toEqual([[third.id]]);
  });

  it('answers 404 to an admin of another company for every read and write, in parallel, and changes nothing', async () => {
    const ours = await vendorIn([w.own.id], 'Not Theirs');
    const url = `/vendors/${ours.id}`;
    const answers = await Promise.all([
      stranger.get(url),
      stranger.get(`${url}/edit`),
      stranger.get(`${url}/history`),
      stranger.put(url, { name: 'Taken Over', companies: [third.id] }),
      stranger.put(url, { name: 'Taken Over' }),
      stranger.delete(url),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    // Naming their own company in the header does not help either: the record's companies decide.
    const after = (await sa.get(url)).json().data;
    expect(after).toMatchObject({ name: 'Not Theirs', companies: [w.own.id], version: ours.version });
    expect(await count(db(), sql`select count(*) as n from vendor_companies where vendor_id = ${ours.id}`)).toBe(1);
  });

  it('a super_admin reaches it from any company and lists every company with ?all=true; an admin may not', async () => {
    const theirs = await vendorIn([third.id], 'Third Only');
    // The super_admin's X-Tenant is Own Lettings, which the vendor is not in.
    expect((await sa.get(`/vendors/${theirs.id}`)).statusCode).toBe(200);
    expect((await sa.get('/vendors?q=Third%20Only')).json().data).toEqual([]);
    const all = (await sa.get('/vendors?all=true&q=Third%20Only', null)).json().data;
    expect(all.map((v: { id: string }) => v.id)).toEqual([theirs.id]);
    expect((await admin.get('/vendors?all=true')).statusCode).toBe(403);
    const put = await sa.put(`/vendors/${theirs.id}`, { name: 'Renamed By Super', version: theirs.version });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ name: 'Renamed By Super', companies: [third.id] });
  });

  it('a read that forgets its company finds nothing', async () => {
    await vendorIn([w.own.id], 'Forgotten');
    const { json } = await vendorCrud.list(db(), null, { q: 'Forgotten' });
    expect(JSON.parse(String(json))).toEqual([]);
    const everyone = await vendorCrud.list(db(), EVERY_COMPANY, { q: 'Forgotten' });
    expect(JSON.parse(String(everyone.json))).toHaveLength(1);
  });
});

describe('inputs', () => {
  it('are in the bodies and the forms, an update-only one only in the update and the edit form', async () => {
    expect(Object.keys(vendorCrud.schemas.create.properties)).toEqual(['name', 'companies']);
    expect(Object.keys(vendorCrud.schemas.update.properties)).toEqual(['name', 'notify', 'companies', 'version']);
    expect(Object.keys(vendorCrud.schemas.read.properties)).not.toContain('notify');
    const fieldsOf = (res: { json(): { fields: { group: string; fields: { name: string }[] }[] } }) =>
      res.json().fields.map((g) => [g.group, g.fields.map((f) => f.name)]);
    expect(fieldsOf(await admin.get('/vendors/create'))).toEqual([
      ['Vendor', ['name']],
      ['Companies', ['companies']],
    ]);
    const made = await vendorIn([w.own.id], 'Edited');
    const edit = await admin.get(`/vendors/${made.id}/edit`);
    expect(fieldsOf(edit)).toEqual([
      ['Vendor', ['name', 'notify']],
      ['Companies', ['companies']],
    ]);
    const notify = edit.json().fields[0].fields[1];
    expect(notify).toMatchObject({ type: 'checkbox', label: 'Tell the vendor', 'label-help': 'They get an email' });
    const companies = edit.json().fields[1].fields[0];
    expect(companies).toMatchObject({ type: 'checkbox', multiple: true, 'options-from': 'companies' });
  });

  it('reach the hooks (an audit detail), are never stored or read back, and are checked like fields', async () => {
    const made = await vendorIn([w.own.id], 'Told');
    const res = await admin.put(`/vendors/${made.id}`, { notify: true, version: made.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).not.toHaveProperty('notify');
    const rows = await auditFor(db(), made.id);
    expect(rows.at(-1)).toMatchObject({ action: 'vendor.updated', detail: { notified: true } });
    // Structural junk in an input is a 422 on it, and nothing changes.
    const junk = await admin.put(`/vendors/${made.id}`, {
      name: 'Junk',
      notify: { yes: 1 },
      companies: 'x'.repeat(65),
    });
    expect(junk.statusCode).toBe(422);
    expect(Object.keys(junk.json().errors)).toEqual(expect.arrayContaining(['notify']));
    expect((await sa.get(`/vendors/${made.id}`)).json().data.name).toBe('Told');
    // An update-only input is not taken on create: dropped as any key the body does not know, so no hook sees it.
    const created = await admin.post('/vendors', { name: 'Early', notify: true });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).not.toHaveProperty('notify');
    const [row] = await auditFor(db(), created.json().data.id);
    expect(row).toMatchObject({ action: 'vendor.created' });
    expect(row.detail ?? {}).not.toHaveProperty('notified');
  });
});
