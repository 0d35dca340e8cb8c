// The demo data's history: each seeded record of a declared resource with a history starts with its
// "created" entry, made by the system — through the same history API a record made by a person has —
// and restoring that entry is an ordinary audited update. On a fresh database seeded as `npm start` seeds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { tokenFor } from './factories';
import { uniqueIp } from './auth-client';
import { seedDemo } from '../../server/db/seedHistory';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { rowsOf } from './privilege-fixtures';

let t: TestApp;
let headers: Record<string, string>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemo(db(), { password: 'Demo-Password-1', publicUrl: 'http://olympus.test' })).not.toBeNull();
  const [boss] = await rowsOf<{ id: string }>(db(), sql`select id from users where email = 'superadmin@example.com'`);
  headers = await tokenFor(db(), boss.id);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'PUT' | 'POST', url: string, tenant: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, 'x-tenant': tenant },
    payload: payload as object,
    remoteAddress: uniqueIp(),
  });

describe('the demo seed’s history', () => {
  it('gives every seeded record of a declared resource with a history exactly one "created" audit row, and nothing else', async () => {
    for (const decl of DECLARED_RESOURCES.filter((d) => d.history !== false)) {
      const [{ records }] = await rowsOf<{ records: number }>(
        db(),
        sql`select count(*)::int as records from ${sql.identifier(decl.name)}`,
      );
      const audited = await rowsOf<{ entity_id: string; n: number }>(
        db(),
        sql`select entity_id, count(*)::int as n from audit_log where action = ${`${decl.noun.one}.created`} and detail->>'seed' = 'true' group by entity_id`,
      );
      expect(audited.length, decl.name).toBe(records);
      expect(
        audited.every((a) => a.n === 1),
        decl.name,
      ).toBe(true);
    }
    // Only "created" rows: the seed changed nothing else through the audit.
    const actions = await rowsOf<{ action: string }>(
      db(),
      sql`select distinct action from audit_log where detail->>'seed' = 'true'`,
    );
    expect(actions.every((a) => a.action.endsWith('.created'))).toBe(true);
  });

  it('a seeded unit’s history starts with its creation by the system, its fields by label and its property by name; restoring it is an audited update', async () => {
    const [unit] = await rowsOf<{ id: string; company_id: string; name: string; property: string }>(
      db(),
      sql`select u.id, u.company_id, u.name, p.name as property from units u join properties p on p.id = u.property_id order by u.unit_ref limit 1`,
    );
    const renamed = await api('PUT', `/units/${unit.id}`, unit.company_id, { name: `${unit.name} (renamed)` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const res = await api('GET', `/units/${unit.id}/history`, unit.company_id);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as {
      id: string;
      action: string;
      actor: unknown;
      changes: { field: string; label: string; after?: unknown; names?: Record<string, string> }[];
    }[];
    expect(entries.map((e) => e.action)).toEqual(['unit.updated', 'unit.created']);
    const created = entries[1];
    expect(created.actor).toBeNull();
    expect(created.changes.find((c) => c.field === 'name')).toMatchObject({ label: 'Unit name', after: unit.name });
    const property = created.changes.find((c) => c.field === 'property_id' || c.field === 'property');
    expect(JSON.stringify(property)).toContain(unit.property);

    // "Restore this version" on the created entry: the name back as seeded, a new audited change.
    const restored = await api('POST', `/units/${unit.id}/history/${created.id}/restore`, unit.company_id);
    expect(restored.statusCode, restored.body).toBe(200);
    const [now] = await rowsOf<{ name: string }>(db(), sql`select name from units where id = ${unit.id}`);
    expect(now.name).toBe(unit.name);
    const after = (await api('GET', `/units/${unit.id}/history`, unit.company_id)).json().data as { action: string }[];
    expect(after.map((e) => e.action)).toEqual(['unit.updated', 'unit.updated', 'unit.created']);
  });
});
