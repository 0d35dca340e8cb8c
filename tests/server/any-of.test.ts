// Many values named in one statement as one array parameter (server/db/conn.ts anyOf, docs/speed.md):
// a statement so written finds exactly the records a list of the same values would, whatever characters
// the values hold, and a uuid column is compared as uuids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from './harness';
import { anyOf } from '../../server/db/conn';
import { units } from '../../server/db/schema';
import { createProperty, createUnit, createWorld, type World } from './resources-fixtures';

const probe = pgTable('any_of_probe', { name: text('name').primaryKey() });
/** Values an array literal would misread unquoted: quotes, backslashes, commas, braces, spaces, NULL, empty. */
const AWKWARD = ['a"b', 'c\\d', 'e,f', '{g}', ' h ', 'NULL', '', 'plain'];

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.database.db);
  await t.database.db.execute(sql`create table any_of_probe (name text primary key)`);
  await t.database.db.insert(probe).values([...AWKWARD, 'other', 'a', 'b'].map((name) => ({ name })));
});
afterAll(async () => {
  await t.database.db.execute(sql`drop table if exists any_of_probe`);
  await t.close();
});

describe('anyOf', () => {
  it('finds exactly the text values named, however they are written', async () => {
    const found = await t.database.db.select().from(probe).where(anyOf(probe.name, AWKWARD));
    expect(found.map((r) => r.name).sort()).toEqual([...AWKWARD].sort());
  });

  it('finds the records of a uuid column by their ids, and none for no ids', async () => {
    const property = await createProperty(t.database.db, w.own.id);
    const [one, two] = [await createUnit(t.database.db, property), await createUnit(t.database.db, property)];
    await createUnit(t.database.db, property);
    const found = await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(anyOf(units.id, [one.id, two.id]));
    expect(found.map((r) => r.id).sort()).toEqual([one.id, two.id].sort());
    expect(await t.database.db.select({ id: units.id }).from(units).where(anyOf(units.id, []))).toEqual([]);
  });
});
