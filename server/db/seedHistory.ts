// The demo data with its history (docs/resources.md "History"): on a fresh database the seed
// (server/db/seed.ts) writes its records directly, and in the same transaction each record of a declared
// resource that keeps a history gets the "created" audit row a create through the API would have written
// (made by the system, `detail.seed`), so the history of a demo record starts at its creation.
import { getTableName, sql } from 'drizzle-orm';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { rowsOf } from './rows';
import { auditMany, type AuditEntry } from '../audit';
import type { Db } from '.';
import { seedIfEmpty, type SeedOptions, type SeedResult } from './seed';
import { crudOf } from '../crud/resourceRoutes';
import { EVERY_COMPANY } from './tenantScope';

const tableExists = async (db: Db, name: string) =>
  rowsOf<{ found: boolean }>(await db.execute(sql`select to_regclass(${name}) is not null as found`))[0].found;

/** Records read and audited at a time. */
const CHUNK = 500;

/** A "created" audit row for every live record of every declared resource with a history. */
export async function auditSeeded(db: Db): Promise<void> {
  for (const decl of DECLARED_RESOURCES) {
    if (decl.history === false) continue;
    const crud = crudOf(decl);
    // A resource whose table is made later (a test's own, after the seed) had nothing seeded.
    if (!(await tableExists(db, getTableName(crud.id.table)))) continue;
    const records = await crud.everyRecord(db);
    for (let from = 0; from < records.length; from += CHUNK) {
      const chunk = records.slice(from, from + CHUNK);
      const found = await crud.findMany(
        db,
        EVERY_COMPANY,
        chunk.map((r) => r.id),
      );
      const entries: AuditEntry[] = [];
      for (const r of chunk) {
        const record = found.get(r.id);
        if (!record) continue;
        const after = await crud.audited(db, record);
        entries.push({
          action: `${decl.noun.one}.created`,
          owner: crud.owner(r.company, r.id, null, after),
          entity: decl.noun.one,
          entityId: r.id,
          actorId: null,
          after,
          detail: { seed: true },
        });
      }
      await auditMany(db, entries);
    }
  }
}

/** The demo seed (when the database has no users) with its history. */
export function seedDemo(db: Db, opts: SeedOptions): Promise<SeedResult | null> {
  return seedIfEmpty(db, { ...opts, afterInsert: auditSeeded });
}
