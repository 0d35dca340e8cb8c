// The declared bounds of numbers and amounts held by the database too (server/db/declaredTable.ts
// rangeChecks): every bound of every declared resource is a CHECK in the migrated database, a write
// past one that skips the API is refused, and a refusal that reaches a request answers 422 with the
// field's own message, never 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { apiAs, createProperty, createUnit, createWorld, type World } from './resources-fixtures';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { unitResource } from '../../contract/resources/units';
import { pgError } from '../../server/db/conn';
import { rangeChecks } from '../../server/db/declaredTable';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.database.db);
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute(query)) as unknown as { rows: T[] };

describe('the declared bounds as CHECKs', () => {
  it('the migrated database holds a CHECK for each bound every declaration gives', async () => {
    const expected = DECLARED_RESOURCES.flatMap((d) => rangeChecks(d).map((r) => ({ ...r, table: d.name })));
    expect(expected.length).toBeGreaterThan(0);
    const { rows: found } = await rows<{ name: string; table: string; definition: string }>(sql`
      select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.contype = 'c' and t.relnamespace = current_schema()::regnamespace`);
    for (const r of expected) {
      const check = found.find((f) => f.name === r.name);
      expect(check, r.name).toBeDefined();
      expect(check!.table).toBe(r.table);
      expect(check!.definition).toContain(r.bound === 'min' ? '>=' : '<=');
      expect(check!.definition).toMatch(new RegExp(`\\(?${r.limit}\\)?`));
    }
  });

  it('refuses a write past a bound that skips the API (every bound of units)', async () => {
    const property = await createProperty(t.database.db, w.own.id);
    const unit = await createUnit(t.database.db, property);
    for (const r of rangeChecks(unitResource)) {
      const past = r.bound === 'min' ? r.limit - 1 : r.limit + 1;
      const err = await t.database.db
        .execute(sql`update units set ${sql.identifier(r.field)} = ${past} where id = ${unit.id}`)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(pgError(err), `${r.field} = ${past}`).toEqual({ code: '23514', constraint: r.name });
    }
  });

  it('a CHECK refusing a request answers 422 with the field and the message the API gives for that bound', async () => {
    const api = apiAs(t, w.headers.super_admin, w.own.id);
    const property = await createProperty(t.database.db, w.own.id);
    const unit = await createUnit(t.database.db, property);
    const max = rangeChecks(unitResource).find((r) => r.field === 'bedrooms' && r.bound === 'max')!;
    // What the API itself answers past the bound: the message a database refusal must give too.
    const refused = await api.put(`/units/${unit.id}`, {
      name: unit.name,
      property_id: property.id,
      bedrooms: max.limit + 1,
    });
    expect(refused.statusCode).toBe(422);
    const message = refused.json<{ errors: Record<string, string[]> }>().errors.bedrooms;
    // The database stricter than the declaration (as a CHECK made by hand would be): a value the API
    // takes reaches the CHECK, which must answer as the API would, not 500.
    await t.database.db.execute(sql.raw(`alter table units drop constraint ${max.name}`));
    await t.database.db.execute(
      sql.raw(`alter table units add constraint ${max.name} check (bedrooms <= 1) not valid`),
    );
    try {
      const res = await api.put(`/units/${unit.id}`, { name: unit.name, property_id: property.id, bedrooms: 3 });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: message[0], errors: { bedrooms: message } });
    } finally {
      await t.database.db.execute(sql.raw(`alter table units drop constraint ${max.name}`));
      await t.database.db.execute(
        sql.raw(`alter table units add constraint ${max.name} check (bedrooms <= ${max.limit}) not valid`),
      );
    }
  });
});
