// A declared resource's reads of records (docs/resources.md), on the list machinery of
// ../lists/lists.ts and ../lists/listRows.ts: a page cut from the resource's own table unless its
// search or sort needs a referenced table; one record; many by id; the trash's page. Each takes the
// resource as bound (./bound.ts).
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { anyOf, isUuid, type Conn } from '../db/conn';
import { fetchList, type RowShape } from '../lists/listRows';
import type { WholeListOptions } from '../lists/wholeLists';
import type { TenantScope } from '../db/tenantScope';
import { planList, type ListQueryValues } from '../lists/lists';
import { filterCondition } from './filters';
import type { Bound, Which } from './bound';

export type CrudRow = Record<string, unknown> & { id: string };

/** The shape read with the read's joins (required references and computed tables inner, optional ones left). */
function joined(b: Bound, select: RowShape, db: Conn) {
  let query = db.select(select).from(b.table).$dynamic();
  for (const j of b.joins) query = j.left ? query.leftJoin(j.table, j.on) : query.innerJoin(j.table, j.on);
  return query;
}

/** The tenant's records (narrowed by `where`), searched, sorted and paged per the query; `whole`: see fetchList. */
export async function listRecords(
  b: Bound,
  db: Conn,
  tenant: TenantScope,
  query: ListQueryValues,
  where?: SQL,
  whole?: WholeListOptions,
) {
  const plan = planList(query, b.listSpec);
  const filtered = filterCondition(b.filters, b.filtered, query);
  // A filtered list answers its meta.total, like any list asked with parameters.
  if (filtered.filtered) plan.withMeta = true;
  const needsRefs = b.refByAs.has(plan.sortKey) || plan.searchKeys.some((k) => b.refByAs.has(k));
  const source = {
    from: needsRefs ? b.rows.from : b.own.from,
    where: and(b.which('live'), b.inTenant(tenant), where, filtered.where, plan.where),
    id: b.own.id,
    // A search is planned with its term: a term of three letters or more can use the field's trigram index.
    planEach: plan.searchKeys.length > 0,
  };
  return { plan, ...(await fetchList(db, plan, b.rows, source, whole)) };
}

/**
 * One record of the tenant (and within `where`), or null (also for an id that is not a uuid); a
 * live one unless `w` says otherwise.
 */
export async function findRecord(
  b: Bound,
  db: Conn,
  tenant: TenantScope,
  recordId: string,
  where?: SQL,
  w: Which = 'live',
): Promise<CrudRow | null> {
  if (!isUuid(recordId)) return null;
  const [row] = await joined(b, b.shape, db).where(and(eq(b.id, recordId), b.which(w), b.inTenant(tenant), where));
  return (row as CrudRow | undefined) ?? null;
}

/** Records of the tenant by id, as read (live ones); `lock`: held for the rest of the transaction, in id order. */
export async function findRecords(
  b: Bound,
  db: Conn,
  tenant: TenantScope,
  ids: readonly string[],
  lock = false,
): Promise<Map<string, CrudRow>> {
  if (ids.length === 0) return new Map();
  let query = joined(b, b.shape, db).where(and(anyOf(b.id, ids), b.which('live'), b.inTenant(tenant)));
  if (lock) query = query.orderBy(asc(b.id)).for('update', { of: b.table });
  return new Map(((await query) as CrudRow[]).map((row) => [row.id, row]));
}

/** Every live record's id and company (null for a global resource), in id order: what the demo seed's history reads. */
export async function everyRecord(b: Bound, db: Conn): Promise<{ id: string; company: string | null }[]> {
  const rows = await db
    .select({ id: b.id, company: b.companyId ? sql<string>`${b.companyId}` : sql<null>`null` })
    .from(b.table)
    .where(b.which('live'))
    .orderBy(asc(b.id));
  return rows as { id: string; company: string | null }[];
}

/**
 * A page of the tenant's trash (within `where`), the newest deletion first: each record as read,
 * with when it was deleted and by whom (`{ id, name }`, null when that user is gone).
 */
export async function trashPage(b: Bound, db: Conn, tenant: TenantScope, page: number, perPage: number, where?: SQL) {
  if (!b.trashColumns) return { rows: [] as CrudRow[], total: 0 };
  const { deletedAt, deletedBy } = b.trashColumns;
  const cond = and(b.which('trashed'), b.inTenant(tenant), where);
  const by = sql`(select json_build_object('id', u.id, 'name', u.name) from users u where u.id = ${deletedBy})`;
  const [rows, [{ total }]] = await Promise.all([
    joined(b, { ...b.shape, deleted_at: deletedAt, deleted_by: by }, db)
      .where(cond)
      .orderBy(desc(deletedAt), asc(b.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(b.table)
      .where(cond),
  ]);
  return { rows: rows as unknown as CrudRow[], total: Number(total) };
}
