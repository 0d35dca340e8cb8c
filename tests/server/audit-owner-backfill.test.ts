// Migration 0018's backfill: audit rows written before the owner columns (tagged with the request's
// X-Tenant, or nothing) get the owner of the record they are about, as well as the data allows
// (docs/security.md "The audit log"). Its statements are run again here over rows written the old way.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createProperty, createUnit, createWorld, type World } from './resources-fixtures';
import { createCompany, createUser } from './factories';
import { auditLog } from '../../server/db/schema';

let t: TestApp;
let w: World;
const db = () => t.database.db;

/** The migration's UPDATE statements (the column and the index exist already). */
const backfill = readFileSync(path.join(__dirname, '../../server/db/migrations/0018_audit_owner.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => /^(--[^\n]*\n)*UPDATE/i.test(s));

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
});
afterAll(() => t.close());

describe('migration 0018 backfills the owner of rows written before it', () => {
  it('a company’s, a record’s, a user’s, a sign-in’s, a role’s and an unknown sign-in’s rows', async () => {
    const gone = await createCompany(db(), { name: 'Gone Lettings' });
    const shared = await createUser(db(), { companies: [w.own, w.other] });
    const property = await createProperty(db(), w.other.id);
    const unit = await createUnit(db(), property);
    const removedUser = '5a1f3c52-1111-4c1d-9b9e-3f0a7d2b6c01';
    // As they were written: tagged with whatever X-Tenant the caller sent (own, for all of these).
    const old = async (name: string, v: Partial<typeof auditLog.$inferInsert>) => {
      const values = { action: name, tenantId: w.own.id, ...v };
      const [r] = await db().insert(auditLog).values(values).returning({ id: auditLog.id });
      return r.id;
    };
    const ids = {
      company: await old('company.updated', { entity: 'company', entityId: w.other.id }),
      integration: await old('integration.updated', { entity: 'integration', entityId: `${w.other.id}:accounting` }),
      property: await old('property.updated', { entity: 'property', entityId: property.id }),
      unit: await old('unit.updated', { entity: 'unit', entityId: unit.id }),
      purgedUnit: await old('unit.purged', { entity: 'unit', entityId: '0b9e7d55-2222-4a6e-8f00-1c2d3e4f5a6b' }),
      role: await old('role.updated', { entity: 'role', entityId: '1b9e7d55-2222-4a6e-8f00-1c2d3e4f5a6b' }),
      user: await old('user.updated', { entity: 'user', entityId: shared.id }),
      signIn: await old('auth.login_failed', { entity: 'user', entityId: shared.id, actorId: shared.id }),
      removed: await old('auth.login', { entity: 'user', entityId: removedUser, actorId: removedUser }),
      unknown: await old('auth.login_failed', { entity: null, entityId: null, detail: { reason: 'unknown_email' } }),
      handoff: await old('systems.handoff', { tenantId: null, entity: 'system', entityId: null, actorId: shared.id }),
      goneCompany: await old('company.deleted', { entity: 'company', entityId: gone.id }),
    };
    expect(backfill.length).toBeGreaterThanOrEqual(7);
    for (const statement of backfill) await db().execute(sql.raw(statement));

    const list = sql.raw(`(${Object.values(ids).join(', ')})`);
    const rows = (await db().execute(
      sql`select id, tenant_id, company_ids from audit_log where id in ${list}`,
    )) as unknown as {
      rows: { id: number | string; tenant_id: string | null; company_ids: string[] | null }[];
    };
    const owner = (id: number) => {
      const r = rows.rows.find((x) => Number(x.id) === id)!;
      return { tenant_id: r.tenant_id, company_ids: r.company_ids };
    };
    const both = [w.own.id, w.other.id].sort();
    expect(owner(ids.company)).toEqual({ tenant_id: w.other.id, company_ids: null });
    expect(owner(ids.integration)).toEqual({ tenant_id: w.other.id, company_ids: null });
    expect(owner(ids.property)).toEqual({ tenant_id: w.other.id, company_ids: null });
    expect(owner(ids.unit)).toEqual({ tenant_id: w.other.id, company_ids: null });
    // A record gone for good keeps the company on its row (it was only ever changed within it).
    expect(owner(ids.purgedUnit)).toEqual({ tenant_id: w.own.id, company_ids: null });
    expect(owner(ids.role)).toEqual({ tenant_id: null, company_ids: null });
    expect(owner(ids.user)).toEqual({ tenant_id: null, company_ids: both });
    expect(owner(ids.signIn)).toEqual({ tenant_id: null, company_ids: both });
    expect(owner(ids.removed)).toEqual({ tenant_id: null, company_ids: [] });
    expect(owner(ids.unknown)).toEqual({ tenant_id: null, company_ids: null });
    expect(owner(ids.handoff)).toEqual({ tenant_id: null, company_ids: both });
    expect(owner(ids.goneCompany)).toEqual({ tenant_id: gone.id, company_ids: null });
  });
});
