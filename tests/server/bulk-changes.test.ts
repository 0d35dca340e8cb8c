// Bulk changes (docs/resources.md "Bulk changes"): POST /{name}/bulk updates the declared fields of
// many records or deletes many, all or nothing: every record goes through the single update or
// delete (tenancy, rules, versions, dependents), a refused one is named with its reason and nothing is
// written; otherwise one transaction, an audit row per record tied to one bulk entry. On units,
// properties, roles and a resource declared only in the test tree; PGlite, and PostgreSQL with
// TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { properties, roles, units } from '../../server/db/schema';
import { createTestApp, type TestApp } from './harness';
import { auditFor, count, createProperty, createUnit, createWorld, type World } from './resources-fixtures';
import { createRole } from './factories';
import { uniqueIp } from './auth-client';
import { createGadgetsTable, gadgetCrud, gadgets } from './throwaway-resource';
import { BULK_IDS_MAX, bulkFields } from '../../contract/bulk';
import { unitResource } from '../../contract/resources/units';

let t: TestApp;
let w: World;
const db = () => t.database.db;

type Who = 'admin' | 'super_admin' | 'system_user';
const bulk = (who: Who, path: string, body: object, tenant?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${path}/bulk`,
    headers: { ...w.headers[who], 'x-tenant': tenant ?? w.own.id },
    payload: body,
    remoteAddress: uniqueIp(),
  });
const put = (path: string, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1${path}`,
    headers: { ...w.headers.admin, 'x-tenant': w.own.id },
    payload: body,
    remoteAddress: uniqueIp(),
  });
const auditTotal = () => count(db(), sql`select count(*) as n from audit_log where action not like 'auth.%'`);
const unitRows = async (ids: string[]) =>
  (await db().select().from(units).where(inArray(units.id, ids))).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

beforeAll(async () => {
  t = await createTestApp({}, { resources: [gadgetCrud.routes] });
  await createGadgetsTable(db());
  w = await createWorld(db());
});
afterAll(() => t.close());

async function someUnits(n: number, companyId = w.own.id) {
  const property = await createProperty(db(), companyId, { name: `Block ${Math.random().toString(36).slice(2, 7)}` });
  const made = [];
  for (let i = 0; i < n; i++)
    made.push(await createUnit(db(), property, { name: `Flat ${i + 1}`, unitStatus: 'Available' }));
  return { property, ids: made.map((u) => u.id) };
}

describe('a bulk update', () => {
  it('sets the declared fields of every record in one go, each with its own audit row tied to one bulk entry', async () => {
    const { ids } = await someUnits(3);
    const res = await bulk('admin', '/units', {
      action: 'update',
      ids,
      values: { unit_status: 'Let', furnished: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: '3 units updated.', action: 'update', count: 3, ids });
    const rows = await unitRows(ids);
    expect(rows.map((u) => [u.unitStatus, u.furnished, u.version])).toEqual(Array(3).fill(['Let', true, 2]));

    type Entry = {
      id: string;
      action: string;
      entity: string;
      entity_id: string | null;
      detail: Record<string, unknown>;
      actor_id: string;
    };
    const found = await db().execute(
      sql`select id::text as id, action, entity, entity_id, detail, actor_id from audit_log where action = 'unit.bulk_updated' and detail->'ids' ? ${ids[0]}`,
    );
    const [entry] = (found as unknown as { rows: Entry[] }).rows;
    expect(entry).toMatchObject({
      action: 'unit.bulk_updated',
      entity: 'unit',
      entity_id: null,
      actor_id: w.users.admin.id,
    });
    expect(entry.detail).toEqual({ ids, count: 3, values: { unit_status: 'Let', furnished: true } });
    for (const id of ids) {
      const audit = await auditFor(db(), id);
      expect(audit.at(-1)).toMatchObject({ action: 'unit.updated', detail: { bulk: entry.id } });
      expect(audit.at(-1)?.changes).toMatchObject({
        unit_status: { before: 'Available', after: 'Let' },
        furnished: { before: false, after: true },
      });
    }
  });

  it('moves units to another property of the company, and refuses one of another company on every row, writing nothing', async () => {
    const { ids } = await someUnits(2);
    const target = await createProperty(db(), w.own.id, { name: 'Target block' });
    expect(
      (await bulk('admin', '/units', { action: 'update', ids, values: { property_id: target.id } })).statusCode,
    ).toBe(200);
    expect((await unitRows(ids)).map((u) => u.propertyId)).toEqual([target.id, target.id]);

    const foreign = await createProperty(db(), w.other.id, { name: 'Foreign block' });
    const before = await auditTotal();
    const res = await bulk('admin', '/units', { action: 'update', ids, values: { property_id: foreign.id } });
    expect(res.statusCode).toBe(422);
    expect(res.json().rows).toEqual(
      ids.map((id) => ({
        id,
        status: 422,
        message: 'The selected property is invalid.',
        errors: { property_id: ['The selected property is invalid.'] },
      })),
    );
    expect((await unitRows(ids)).map((u) => u.propertyId)).toEqual([target.id, target.id]);
    expect(await auditTotal()).toBe(before);
  });

  it('with one record of another company: that id is not found, named, and nothing is written', async () => {
    const { ids } = await someUnits(3);
    const { ids: theirs } = await someUnits(1, w.other.id);
    const before = await auditTotal();
    const res = await bulk('admin', '/units', {
      action: 'update',
      ids: [ids[0], theirs[0], ids[1], ids[2]],
      values: { unit_status: 'Maintenance' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Nothing was changed: 1 of the 4 units cannot be updated.',
      errors: { ids: [`${theirs[0]}: Unit not found.`] },
      rows: [{ id: theirs[0], status: 404, message: 'Unit not found.' }],
    });
    expect((await unitRows([...ids, ...theirs])).map((u) => [u.unitStatus, u.version])).toEqual(
      Array(4).fill(['Available', 1]),
    );
    expect(await auditTotal()).toBe(before);
  });

  it('with one record changed since the version sent: 409 naming it, nothing written', async () => {
    const { ids } = await someUnits(3);
    expect((await put(`/units/${ids[1]}`, { name: 'Changed meanwhile' })).statusCode).toBe(200);
    const res = await bulk('admin', '/units', {
      action: 'update',
      ids,
      values: { unit_type: 'Studio' },
      versions: { [ids[0]]: 1, [ids[1]]: 1, [ids[2]]: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().rows).toEqual([
      { id: ids[1], status: 409, message: expect.stringContaining('changed by someone else since version 1') },
    ]);
    expect((await unitRows(ids)).map((u) => [u.unitType, u.version])).toEqual([
      ['Flat', 1],
      ['Flat', 2],
      ['Flat', 1],
    ]);
  });

  it('refuses fields that are not bulk-editable, bad values, a missing or empty values, and more than 1 000 ids', async () => {
    const { ids } = await someUnits(1);
    const notBulk = await bulk('admin', '/units', { action: 'update', ids, values: { name: 'All the same' } });
    expect(notBulk.statusCode).toBe(422);
    expect(notBulk.json().errors).toEqual({ values: ['The name field cannot be changed in bulk.'] });
    const bad = await bulk('admin', '/units', { action: 'update', ids, values: { unit_status: 'Sold' } });
    expect(bad.json().errors).toEqual({ values: ['The selected unit status is invalid.'] });
    expect((await bulk('admin', '/units', { action: 'update', ids })).json().errors).toEqual({
      values: ['Choose a field to change.'],
    });
    expect((await bulk('admin', '/units', { action: 'update', ids, values: {} })).statusCode).toBe(422);
    expect(
      (await bulk('admin', '/units', { action: 'delete', ids, values: { unit_status: 'Let' } })).json().errors,
    ).toEqual({ values: ['Values are only sent with a bulk update.'] });
    expect((await bulk('admin', '/units', { action: 'archive', ids })).json().errors).toEqual({
      action: ['The selected action is invalid.'],
    });
    expect(
      (await bulk('admin', '/units', { action: 'update', ids: [], values: { unit_status: 'Let' } })).json().errors,
    ).toEqual({ ids: ['The ids field is required.'] });
    expect(
      (
        await bulk('admin', '/units', { action: 'update', ids: [ids[0], ids[0]], values: { unit_status: 'Let' } })
      ).json().errors,
    ).toEqual({ ids: ['The ids may not hold the same value twice.'] });

    const many = Array.from(
      { length: BULK_IDS_MAX + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const tooMany = await bulk('admin', '/units', { action: 'delete', ids: many });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ ids: ['The ids may not have more than 1000 items.'] });
    // 1 000 is allowed: every one of them unknown here, each named.
    const thousand = await bulk('admin', '/units', { action: 'delete', ids: many.slice(0, BULK_IDS_MAX) });
    expect(thousand.statusCode).toBe(422);
    expect(thousand.json().rows).toHaveLength(BULK_IDS_MAX);
  }, 60_000);

  it('needs the update permission for an update and the delete permission for a delete', async () => {
    const { ids } = await someUnits(1);
    expect(
      (await bulk('system_user', '/units', { action: 'update', ids, values: { unit_status: 'Let' } })).statusCode,
    ).toBe(403);
    // A role with units.update only: may update in bulk, not delete.
    const role = await createRole(db(), 'Olympus', 'bulk_updater', ['units.view', 'units.update']);
    const { createUser, tokenFor } = await import('./factories');
    const user = await createUser(db(), { companies: [w.own] });
    await db().execute(
      sql`insert into user_systems (user_id, system_id, role_id) values (${user.id}, ${role.systemId}, ${role.id})`,
    );
    const headers = { ...(await tokenFor(db(), user.id)), 'x-tenant': w.own.id };
    const as = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/units/bulk', headers, payload: body, remoteAddress: uniqueIp() });
    expect((await as({ action: 'update', ids, values: { unit_status: 'Let' } })).statusCode).toBe(200);
    expect((await as({ action: 'delete', ids })).statusCode).toBe(403);
    expect(await count(db(), sql`select count(*) as n from units where id = ${ids[0]}`)).toBe(1);
  });

  it('keeps every audit row when bulk changes and single saves of the same records run in parallel', async () => {
    const { ids } = await someUnits(4);
    const before = await count(
      db(),
      sql`select count(*) as n from audit_log where entity_id = any(${sql.raw(`array['${ids.join("','")}']`)})`,
    );
    const answers = await Promise.all([
      bulk('admin', '/units', { action: 'update', ids, values: { unit_status: 'Let' } }),
      put(`/units/${ids[0]}`, { name: 'Single A' }),
      bulk('admin', '/units', { action: 'update', ids: [...ids].reverse(), values: { unit_type: 'House' } }),
      put(`/units/${ids[3]}`, { bedrooms: 4 }),
      bulk('admin', '/units', { action: 'update', ids: ids.slice(1, 3), values: { furnished: true } }),
      put(`/units/${ids[2]}`, { bathrooms: 2 }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = await count(
      db(),
      sql`select count(*) as n from audit_log where entity_id = any(${sql.raw(`array['${ids.join("','")}']`)})`,
    );
    // 4 + 4 + 2 rows of the bulk changes, 3 of the single saves.
    expect(after - before).toBe(13);
    const rows = await unitRows(ids);
    expect(rows.map((u) => [u.unitStatus, u.unitType])).toEqual(Array(4).fill(['Let', 'House']));
    expect(rows[0].name).toBe('Single A');
    // Every change raised the version once: 1 + the changes each record saw.
    expect(rows.map((u) => u.version)).toEqual([4, 4, 5, 4]);
    // Each record's rows chain their versions: no change was lost between two others.
    for (const id of ids) {
      const versions = (await auditFor(db(), id))
        .filter((a) => a.action === 'unit.updated')
        .map((a) => a.changes?.version);
      versions.forEach((v, i) => expect(v).toEqual({ before: i + 1, after: i + 2 }));
    }
  }, 60_000);
});

/** `n` units of one new property of the company, made with one statement; their ids in id order. */
async function manyUnits(n: number) {
  const property = await createProperty(db(), w.own.id, { name: `Many ${Math.random().toString(36).slice(2, 7)}` });
  const made = await db().execute(
    sql`insert into units (company_id, property_id, name, unit_type, unit_status, bedrooms, bathrooms)
      select ${w.own.id}, ${property.id}, 'Many ' || g, 'Flat', 'Available', 1, 1 from generate_series(1, ${n}) g
      returning id`,
  );
  return (made as unknown as { rows: { id: string }[] }).rows.map((r) => r.id).sort();
}
const auditOf = (ids: string[]) =>
  count(db(), sql`select count(*) as n from audit_log where entity = 'unit' and entity_id in ${ids}`);

describe('a bulk update of many records', () => {
  it('writes exactly one audit row per record, and nothing at all when one record is refused', async () => {
    const ids = await manyUnits(300);
    // One record changed since the version sent, one in the trash: both named, nothing written.
    expect((await put(`/units/${ids[10]}`, { name: 'Changed meanwhile' })).statusCode).toBe(200);
    await db().update(units).set({ deletedAt: new Date() }).where(eq(units.id, ids[20]));
    const before = await auditTotal();
    const refused = await bulk('admin', '/units', {
      action: 'update',
      ids,
      values: { unit_status: 'Let' },
      versions: Object.fromEntries(ids.map((id) => [id, 1])),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Nothing was changed: 2 of the 300 units cannot be updated.');
    expect(refused.json().rows).toEqual([
      { id: ids[10], status: 409, message: expect.stringContaining('changed by someone else since version 1') },
      { id: ids[20], status: 404, message: 'Unit not found.' },
    ]);
    expect(await auditTotal()).toBe(before);
    expect(new Set((await unitRows(ids)).map((u) => u.unitStatus))).toEqual(new Set(['Available']));

    await db().update(units).set({ deletedAt: null }).where(eq(units.id, ids[20]));
    const auditBefore = await auditOf(ids);
    const res = await bulk('admin', '/units', { action: 'update', ids, values: { unit_status: 'Let' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.count).toBe(300);
    expect((await auditOf(ids)) - auditBefore).toBe(300);
    const rows = await unitRows(ids);
    expect(rows.every((u) => u.unitStatus === 'Let')).toBe(true);
    expect(rows.map((u) => u.version)).toEqual(ids.map((id) => (id === ids[10] ? 3 : 2)));
    // Each record's row as a single update leaves it: its change, its version, the company's, tied to the entry.
    const rowsOfBulk = (
      (await db().execute(
        sql`select entity_id, action, tenant_id, changes, detail from audit_log where entity = 'unit' and entity_id in ${ids} and detail ? 'bulk'`,
      )) as unknown as {
        rows: {
          entity_id: string;
          action: string;
          tenant_id: string;
          changes: Record<string, unknown>;
          detail: object;
        }[];
      }
    ).rows;
    expect(rowsOfBulk).toHaveLength(300);
    expect(new Set(rowsOfBulk.map((r) => r.entity_id)).size).toBe(300);
    for (const r of rowsOfBulk) {
      expect(r.action).toBe('unit.updated');
      expect(r.tenant_id).toBe(w.own.id);
      expect(r.changes.unit_status).toEqual({ before: 'Available', after: 'Let' });
      expect(Object.keys(r.changes).sort()).toEqual(['unit_status', 'version']);
    }
    // A second bulk that changes nothing writes its audit rows but raises no version (as a single save).
    expect((await bulk('admin', '/units', { action: 'update', ids, values: { unit_status: 'Let' } })).statusCode).toBe(
      200,
    );
    expect((await unitRows(ids)).map((u) => u.version)).toEqual(rows.map((u) => u.version));
  }, 60_000);

  it('deletes many records with one audit row each, and none at all when one changed since its version', async () => {
    const ids = await manyUnits(300);
    expect((await put(`/units/${ids[5]}`, { name: 'Changed meanwhile' })).statusCode).toBe(200);
    const before = await auditTotal();
    const refused = await bulk('admin', '/units', {
      action: 'delete',
      ids,
      versions: Object.fromEntries(ids.map((id) => [id, 1])),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().rows).toEqual([
      { id: ids[5], status: 409, message: expect.stringContaining('changed by someone else since version 1') },
    ]);
    expect(await auditTotal()).toBe(before);
    expect((await unitRows(ids)).every((u) => u.deletedAt === null)).toBe(true);

    const auditBefore = await auditOf(ids);
    const res = await bulk('admin', '/units', { action: 'delete', ids });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('300 units deleted.');
    const rows = await unitRows(ids);
    expect(rows.every((u) => u.deletedAt instanceof Date && u.deletedBy === w.users.admin.id)).toBe(true);
    expect((await auditOf(ids)) - auditBefore).toBe(300);
    const last = await auditFor(db(), ids[5]);
    expect(last.at(-1)).toMatchObject({
      action: 'unit.deleted',
      tenant_id: w.own.id,
      detail: { bulk: expect.any(String), trash: true },
    });
    expect(last.at(-1)?.changes).toMatchObject({ name: { before: 'Changed meanwhile' }, version: { before: 2 } });
    // Gone from the live records: a second bulk delete finds none of them.
    const again = await bulk('admin', '/units', { action: 'delete', ids: ids.slice(0, 2) });
    expect(again.json().rows).toEqual(ids.slice(0, 2).map((id) => ({ id, status: 404, message: 'Unit not found.' })));
  }, 60_000);

  it('goes record by record when the database refuses the set-based write (a race), each record still audited once', async () => {
    const ids = await manyUnits(5);
    // A foreign key broken meanwhile, as the database answers it, for any update of more than one unit at once.
    await db().execute(
      sql.raw(`create or replace function olympus_test_race() returns trigger language plpgsql as $$
        begin if (select count(*) from changed) > 1 then
          raise exception 'a race' using errcode = '23503'; end if; return null; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger olympus_test_race after update on units referencing new table as changed
        for each statement execute function olympus_test_race()`),
    );
    try {
      const auditBefore = await auditOf(ids);
      const res = await bulk('admin', '/units', { action: 'update', ids, values: { unit_type: 'House' } });
      expect(res.statusCode).toBe(200);
      expect((await unitRows(ids)).map((u) => [u.unitType, u.version])).toEqual(Array(5).fill(['House', 2]));
      expect((await auditOf(ids)) - auditBefore).toBe(5);
    } finally {
      await db().execute(sql.raw('drop trigger olympus_test_race on units'));
    }
  });

  it("empties the 'set null' references to the records it moves to the trash, as a single delete does: each referrer changed and audited", async () => {
    const ids = await manyUnits(4);
    const [{ property_id: propertyId }] = (
      (await db().execute(sql`select property_id from units where id = ${ids[0]}`)) as unknown as {
        rows: { property_id: string }[];
      }
    ).rows;
    // Two certificates name units of the bulk, one names none: a reference declared onDelete 'set null'.
    const made = (
      (await db().execute(
        sql`insert into certificates (company_id, property_id, unit_id, type, issued_on, expires_on)
          values (${w.own.id}, ${propertyId}, ${ids[0]}, 'gas_safety', current_date, current_date + 300),
                 (${w.own.id}, ${propertyId}, ${ids[2]}, 'eicr', current_date, current_date + 300),
                 (${w.own.id}, ${propertyId}, null, 'epc', current_date, current_date + 300)
          returning id, unit_id`,
      )) as unknown as { rows: { id: string; unit_id: string | null }[] }
    ).rows;
    const res = await bulk('admin', '/units', { action: 'delete', ids });
    expect(res.statusCode).toBe(200);
    expect((await unitRows(ids)).every((u) => u.deletedAt instanceof Date)).toBe(true);
    const after = (
      (await db().execute(
        sql`select id, unit_id, version from certificates where id in ${made.map((m) => m.id)}`,
      )) as unknown as { rows: { id: string; unit_id: string | null; version: number }[] }
    ).rows;
    for (const m of made) {
      const now = after.find((a) => a.id === m.id);
      expect(now?.unit_id).toBeNull();
      // Changed only where it named a unit of the bulk: its version raised and one audit row saying why.
      expect(Number(now?.version)).toBe(m.unit_id ? 2 : 1);
      const rows = await auditFor(db(), m.id);
      if (m.unit_id)
        expect(rows).toEqual([
          expect.objectContaining({
            action: 'certificate.updated',
            tenant_id: w.own.id,
            changes: expect.objectContaining({ unit_id: { before: m.unit_id, after: null } }),
            detail: expect.objectContaining({ reason: 'The unit it referred to was deleted.' }),
          }),
        ]);
      else expect(rows).toEqual([]);
    }
  });

  it('lets a single save of one of its records through within a bound, not after the whole bulk', async () => {
    const ids = await manyUnits(1000);
    let bulkDone = false;
    // On PostgreSQL the save is sent once the bulk holds the record (else it may simply go first); `skip locked`
    // answers no row while another transaction holds it.
    const heldByBulk = async () => {
      while (!bulkDone && t.database.kind === 'postgres') {
        const free = await db().execute(sql`select id from units where id = ${ids[0]} for update skip locked`);
        if ((free as unknown as { rows: unknown[] }).rows.length === 0) return true;
        await new Promise((r) => setTimeout(r, 2));
      }
      return !bulkDone;
    };
    // The single save is sent once the bulk's transaction has begun (the bulk's is the next transaction the app
    // opens): on the in-thread PGlite of the tests a timer would only fire once the bulk is over, and its save
    // waits for the bulk's transaction whatever it holds.
    const conn = t.app.db;
    const transaction = conn.transaction.bind(conn);
    let single: Promise<{ statusCode: number; waited: number; during: boolean }> | null = null;
    conn.transaction = ((work, config) => {
      conn.transaction = transaction;
      return transaction(async (tx) => {
        const running = work(tx);
        single = heldByBulk().then(async (during) => {
          const sent = performance.now();
          const r = await put(`/units/${ids[0]}`, { bedrooms: 3 });
          return { statusCode: r.statusCode, waited: performance.now() - sent, during };
        });
        return running;
      }, config);
    }) as typeof conn.transaction;
    const started = performance.now();
    const res = await bulk('admin', '/units', { action: 'update', ids, values: { unit_status: 'Maintenance' } });
    bulkDone = true;
    const took = performance.now() - started;
    conn.transaction = transaction;
    expect(res.statusCode).toBe(200);
    expect(single).not.toBeNull();
    const { statusCode, waited, during } = await (single as unknown as Promise<{
      statusCode: number;
      waited: number;
      during: boolean;
    }>);
    expect(statusCode).toBe(200);
    // Answered well before a record-by-record bulk of 1 000 would have let it (seconds on a quiet machine; 15 s and a
    // 503 on a loaded PostgreSQL). Generous: the machine may be busy.
    expect(
      waited,
      `the bulk took ${Math.round(took)} ms; the save was sent while it held the record: ${during}`,
    ).toBeLessThan(4000);
    const [row] = await unitRows([ids[0]]);
    expect([row.unitStatus, row.bedrooms]).toEqual(['Maintenance', 3]);
    expect(row.version).toBe(3);
  }, 120_000);
});

describe('a bulk delete', () => {
  it('deletes every record, each with its own audit row tied to one bulk entry', async () => {
    const { ids } = await someUnits(3);
    const res = await bulk('admin', '/units', { action: 'delete', ids });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('3 units deleted.');
    // Each in the trash (docs/resources.md "Trash"), deleted by the caller; the live list no longer has them.
    const rows = await unitRows(ids);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.deletedAt).toBeInstanceOf(Date);
    expect(new Set(rows.map((r) => r.deletedBy))).toEqual(new Set([w.users.admin.id]));
    const trash = await t.app.inject({
      method: 'GET',
      url: '/api/v1/units/trash?per_page=100',
      headers: { ...w.headers.admin, 'x-tenant': w.own.id },
    });
    expect(trash.statusCode).toBe(200);
    expect((trash.json().data as { id: string }[]).map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    const entries = await count(
      db(),
      sql`select count(*) as n from audit_log where action = 'unit.bulk_deleted' and detail->'ids' ? ${ids[0]}`,
    );
    expect(entries).toBe(1);
    for (const id of ids)
      expect((await auditFor(db(), id)).at(-1)).toMatchObject({
        action: 'unit.deleted',
        detail: { bulk: expect.any(String) },
      });
  });

  it('refuses a property that still has units with 409 naming it, and deletes none', async () => {
    const empty = await createProperty(db(), w.own.id, { name: 'Empty block' });
    const { property: full } = await someUnits(1);
    const before = await auditTotal();
    const res = await bulk('admin', '/properties', { action: 'delete', ids: [empty.id, full.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().rows).toEqual([
      { id: full.id, status: 409, message: 'This property still has units. Remove them first.' },
    ]);
    expect(res.json().message).toBe('Nothing was changed: 1 of the 2 properties cannot be deleted.');
    expect(await count(db(), sql`select count(*) as n from properties where id in (${empty.id}, ${full.id})`)).toBe(2);
    expect(await auditTotal()).toBe(before);
  });

  it('refuses a record the caller may not change (a super admin role) with its own 403, deleting none', async () => {
    const plain = await createRole(db(), 'Olympus', `bulk_plain_${Date.now()}`, ['users.view']);
    const [superAdmin] = await db().select({ id: roles.id }).from(roles).where(eq(roles.name, 'super_admin'));
    const res = await bulk('super_admin', '/roles', { action: 'delete', ids: [plain.id, superAdmin.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().rows).toEqual([{ id: superAdmin.id, status: 403, message: expect.any(String) }]);
    expect(await count(db(), sql`select count(*) as n from roles where id = ${plain.id}`)).toBe(1);
  });

  it('deletes properties in bulk, and updates their declared address fields', async () => {
    const a = await createProperty(db(), w.own.id, { name: 'North block' });
    const b = await createProperty(db(), w.own.id, { name: 'South block' });
    expect(
      (
        await bulk('admin', '/properties', {
          action: 'update',
          ids: [a.id, b.id],
          values: { city: 'Leeds', county: 'West Yorkshire' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await db()
          .select({ city: properties.city })
          .from(properties)
          .where(inArray(properties.id, [a.id, b.id]))
      ).map((p) => p.city),
    ).toEqual(['Leeds', 'Leeds']);
    expect((await bulk('admin', '/properties', { action: 'delete', ids: [a.id, b.id] })).statusCode).toBe(200);
  });
});

describe('every declared resource', () => {
  it('a resource declared only in the test tree gets bulk delete with no code; its update needs declared fields', async () => {
    const property = await createProperty(db(), w.own.id, { name: 'Gadget store' });
    const made: string[] = [];
    for (const name of ['Cog', 'Gear']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/gadgets',
        headers: { ...w.headers.admin, 'x-tenant': w.own.id },
        payload: { name, property_id: property.id },
        remoteAddress: uniqueIp(),
      });
      made.push(res.json().data.id);
    }
    expect(
      (await bulk('admin', '/gadgets', { action: 'update', ids: made, values: { colour: 'Red' } })).json().errors,
    ).toEqual({ action: ['The selected action is invalid.'] });
    const res = await bulk('admin', '/gadgets', { action: 'delete', ids: made });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('2 gadgets deleted.');
    // In the trash: the rows stay, marked deleted.
    expect(
      (await db().select().from(gadgets).where(inArray(gadgets.id, made))).map((g) => g.deletedAt instanceof Date),
    ).toEqual([true, true]);
  });

  it('users have no bulk route; the OpenAPI document has each other resource’s, with its body and the refusal’s rows', async () => {
    const users = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/bulk',
      headers: { ...w.headers.super_admin, 'x-tenant': w.own.id },
      payload: { action: 'delete', ids: [w.users.none.id] },
    });
    expect(users.statusCode).toBe(404);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/users/bulk']).toBeUndefined();
    const op = doc.paths['/api/v1/units/bulk'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(body.properties.action.enum).toEqual(['update', 'delete']);
    expect(body.properties.ids.maxItems).toBe(1000);
    expect(Object.keys(body.properties.values.properties)).toEqual(bulkFields(unitResource));
    expect(op.responses['422'].content['application/json'].schema.properties.rows.type).toBe('array');
    expect(
      doc.paths['/api/v1/gadgets/bulk'].post.requestBody.content['application/json'].schema.properties.action.enum,
    ).toEqual(['delete']);
  });
});
