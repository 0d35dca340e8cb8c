// Who points at a record (docs/resources.md "References"): every declared resource mounted on this
// server whose reference fields name the deleted record's resource. A delete answers 409 while a
// 'restrict' reference holds the record, counted in the deleting company ("This property is used by
// 2 units and 1 parking space."); the 'set null' ones are emptied in the delete's transaction.
import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDecl } from '../../contract/resources/declare';
import { anyOf, type Conn } from '../db/conn';
import { columnOf, requireColumn, type CrudBinding } from './binding';

/** A declared resource whose routes this server serves. */
export interface Mounted {
  decl: ResourceDecl;
  binding: CrudBinding;
  /**
   * The caller's reach (the binding's access hook for a view; it may throw to refuse): who may read a record's files.
   */
  scope?: (req: FastifyRequest) => SQL | undefined;
  /** One live record as the API reads it (a date reminder's mail describes it). */
  find?: (db: Conn, tenant: string, id: string) => Promise<Record<string, unknown> | null>;
}

/** One resource's references to another: the rows counted or emptied together. */
interface Referrer {
  decl: ResourceDecl;
  table: PgTable;
  columns: AnyPgColumn[];
  /** The referrer's company, when it is scoped: dependents are counted in the deleting company. */
  companyId: AnyPgColumn | undefined;
}

/** The declared resources mounted on one server (its own and a test's extra ones), by route plugin. */
export class MountedResources {
  private readonly all: Mounted[] = [];

  add(m: Mounted): void {
    if (!this.all.some((x) => x.decl.name === m.decl.name)) this.all.push(m);
  }

  /** Every one mounted, in the order mounted. */
  list(): readonly Mounted[] {
    return this.all;
  }

  /** The resources referring to `name`, with the fields of the given onDelete. */
  referrers(name: string, onDelete: 'restrict' | 'set null'): Referrer[] {
    return this.all.flatMap(({ decl, binding }) => {
      const fields = Object.entries(decl.fields).flatMap(([field, f]) =>
        'ref' in f && f.ref.to === name && f.ref.onDelete === onDelete ? [field] : [],
      );
      if (fields.length === 0) return [];
      const who = `Resource "${decl.name}"`;
      const columns = fields.map((field) => requireColumn(binding.table, field, who).column);
      return [
        {
          decl,
          table: binding.table,
          columns,
          companyId: decl.tenancy === 'scoped' ? columnOf(binding.table, 'company_id')?.column : undefined,
        },
      ];
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated by server/crud/resourceRoutes.ts for every resource route plugin under it. */
    mountedResources: MountedResources;
  }
}

/** The registry the resource routes share: made where first asked (server/crud/resourceRoutes.ts asks first). */
export function mountedOn(app: FastifyInstance): MountedResources {
  if (!app.hasDecorator('mountedResources')) app.decorate('mountedResources', new MountedResources());
  return app.mountedResources;
}

const pointsAt = (r: Referrer, id: string): SQL => or(...r.columns.map((c) => eq(c, id))) as SQL;

/** Among the referrers' records: the live ones (a move to the trash counts only those) or those in the trash (a purge).
 */
const among = (r: Referrer, which: 'live' | 'trashed'): SQL | undefined => {
  const deletedAt = columnOf(r.table, 'deleted_at')?.column;
  if (!deletedAt) return which === 'live' ? undefined : sql`false`;
  return which === 'live' ? isNull(deletedAt) : isNotNull(deletedAt);
};

/**
 * "2 units and 1 parking space" → the 409 message, or null when nothing refers to the record. Live
 * records are counted for a delete; `which: 'trashed'` counts those in the trash, which hold a record
 * only from being deleted forever (docs/resources.md "Trash").
 */
export async function usedBy(
  db: Conn,
  mounted: MountedResources,
  decl: ResourceDecl,
  id: string,
  tenant: string | null,
  which: 'live' | 'trashed' = 'live',
): Promise<string | null> {
  const parts: string[] = [];
  for (const r of mounted.referrers(decl.name, 'restrict')) {
    const mine = r.companyId && tenant ? eq(r.companyId, tenant) : undefined;
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(r.table)
      .where(and(pointsAt(r, id), mine, among(r, which)));
    if (n > 0) parts.push(`${n} ${n === 1 ? r.decl.noun.one : r.decl.noun.many}`);
  }
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return which === 'live'
    ? `This ${decl.noun.one} is used by ${list}.`
    : `This ${decl.noun.one} is used by ${list} in the trash: delete them forever first.`;
}

/** One record whose reference was emptied because the record it named was deleted. */
export interface Emptied {
  decl: ResourceDecl;
  id: string;
  field: string;
  /** The deleted record it named. */
  was: string;
  /** Its version now: emptying a reference is a change, raising it like any other (./versions.ts). */
  version: number;
  /** Its company (a scoped resource's), whose its audit row is; null for a global resource. */
  company: string | null;
}

/**
 * Empties the 'set null' references to the records `ids`, inside the delete's transaction (every
 * company's: none may be left pointing at them), one statement per referring column, raising each
 * changed record's version, and says which records changed (and what each named) so each gets its
 * audit row.
 */
export async function emptyReferences(
  tx: Conn,
  mounted: MountedResources,
  decl: ResourceDecl,
  ids: readonly string[],
): Promise<Emptied[]> {
  const emptied: Emptied[] = [];
  if (ids.length === 0) return emptied;
  for (const r of mounted.referrers(decl.name, 'set null')) {
    for (const c of r.columns) {
      const company = r.companyId ? sql`${r.companyId}` : sql`null::uuid`;
      const col = sql.identifier(c.name);
      // The value before the update is the one the where clause matched: read it in the same statement.
      const result = await tx.execute(
        sql`update ${r.table} set ${col} = null, version = version + 1
          from (select id as old_id, ${col} as was from ${r.table} where ${anyOf(c, ids)}) old
          where ${r.table}.id = old.old_id
          returning ${r.table}.id, version, ${company} as company, old.was`,
      );
      for (const row of (
        result as unknown as { rows: { id: string; version: number; company: string | null; was: string }[] }
      ).rows) {
        emptied.push({
          decl: r.decl,
          id: row.id,
          field: c.name,
          was: row.was,
          version: Number(row.version),
          company: row.company,
        });
      }
    }
  }
  return emptied;
}
