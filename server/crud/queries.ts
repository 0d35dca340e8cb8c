// A declared resource's reads (docs/resources.md), on the list machinery of ../lists.ts and
// ../listRows.ts: each row's JSON built by PostgreSQL, constant fragments compiled once, a page cut
// from the resource's own table unless its search or sort needs a referenced table. Every read but
// the trash's own sees live records only: a record in the trash (docs/resources.md "Trash") is in no
// list, read, count, reference check or select, as if it did not exist.
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { UNPAGED_LIST_MAX } from '../../contract/lists';
import type { ResourceDecl } from '../../contract/resources/declare';
import { rowsOf } from '../auth/rows';
import { compiled } from '../db/statements';
import { isUuid, type Conn } from '../db/conn';
import { fetchList, jsonRow, type RowShape } from '../lists/listRows';
import type { WholeListOptions } from '../lists/wholeLists';
import { EVERY_COMPANY, type TenantScope } from '../db/tenantScope';
import { byLower, byValue, lowerOf, planList, type ListQueryValues, type ListSpec, type SortKey } from '../lists/lists';
import {
  columnOf,
  requireColumn,
  type BoundColumn,
  type CrudBinding,
  type CrudHooks,
  type ManyBinding,
} from './binding';
import { moneyColumn } from './money';
import { multiChoiceColumn } from './multiChoice';
import { fileColumn } from './fileFields';
import { filtersOf } from '../../contract/resources/filters';
import { filterCondition } from './filters';

interface BoundMany extends ManyBinding {
  field: string;
  ownerColumn: BoundColumn;
  valueColumn: BoundColumn;
}

interface BoundRef {
  field: string;
  as: string;
  /** An optional reference is left-joined: a record without one still lists. */
  required: boolean;
  table: PgTable;
  /** How a FROM names the table: `properties`, or `properties as "fallback_property_id_ref"`. */
  item: SQL;
  id: AnyPgColumn;
  name: AnyPgColumn;
  companyId: AnyPgColumn | undefined;
  /** The referenced record is not in the trash (none for a table without one). */
  live: SQL | undefined;
  join: SQL;
}

/** Which records a read sees (docs/resources.md "Trash"). */
export type Which = 'live' | 'trashed' | 'any';

/** A join of the read: required references and the computed columns' tables inner, optional references left. */
interface Join {
  table: PgTable;
  on: SQL;
  left?: boolean;
  item?: SQL;
}

export type CrudRow = Record<string, unknown> & { id: string };

/** Per reference field, the ids among those some bodies name that are live records of the tenant
 * (CrudQueries.liveRefs). */
export type LiveRefs = Map<string, Set<string>>;

export function crudQueries(decl: ResourceDecl, binding: CrudBinding, hooks: CrudHooks) {
  const { table } = binding;
  const col = (name: string) => requireColumn(table, name, `Resource "${decl.name}"`);
  const id = col('id').column;
  const companyId = decl.tenancy === 'scoped' && !hooks.records ? col('company_id').column : undefined;
  const deletedAt = columnOf(table, 'deleted_at')?.column;
  const deletedBy = columnOf(table, 'deleted_by')?.column;
  /** Which records a read sees: the live ones (every read but the trash's), those in the trash, or either. */
  const which = (w: Which): SQL | undefined =>
    !deletedAt || w === 'any' ? undefined : w === 'live' ? isNull(deletedAt) : isNotNull(deletedAt);
  /** Body key → the column key Drizzle writes (writable fields only). */
  const writable: Record<string, string> = {};
  const columns: Record<string, BoundColumn> = {};
  const refs: BoundRef[] = [];
  const shape: RowShape = { uuid: id, id };
  const lists: BoundMany[] = [];
  // A table read twice in one query (two references to properties, or one to the resource's own table) needs an alias.
  const joined = new Set<PgTable>([table, ...(hooks.joins ?? []).map((j) => j.table)]);
  for (const [name, f] of Object.entries(decl.fields)) {
    if ('many' in f) {
      const link = binding.many?.[name] as ManyBinding;
      const bound = {
        field: name,
        ...link,
        ownerColumn: requireColumn(link.table, link.owner, name),
        valueColumn: requireColumn(link.table, link.value, name),
      };
      lists.push(bound);
      const value = bound.valueColumn.column;
      shape[name] =
        sql`coalesce((select json_agg(${value} order by ${value}) from ${link.table} where ${bound.ownerColumn.column} = ${id}), '[]'::json)`;
      continue;
    }
    columns[name] = col(name);
    // A date leaves as its Y-m-d text, whatever the driver would make of it (a JS Date, a time zone).
    // A money amount leaves as its text with 2 places, a multi-choice as a JSON array.
    const column = columns[name].column;
    shape[name] =
      f.type === 'date'
        ? sql`to_char(${column}, 'YYYY-MM-DD')`
        : f.type === 'money'
          ? moneyColumn(column)
          : f.type === 'multichoice'
            ? multiChoiceColumn(column)
            : f.type === 'file'
              ? fileColumn(column)
              : column;
    if (!f.readOnly) writable[name] = columns[name].key;
    if (!('ref' in f)) continue;
    const referenced = binding.refs?.[f.ref.to] as PgTable;
    const aliased = joined.has(referenced) ? `${name}_ref` : undefined;
    const target = aliased ? alias(referenced, aliased) : referenced;
    const item = aliased ? sql`${referenced} as ${sql.identifier(aliased)}` : sql`${referenced}`;
    joined.add(referenced);
    const ref = {
      field: name,
      as: f.ref.as,
      required: f.required,
      table: target,
      item,
      id: requireColumn(target, 'id', name).column,
      name: requireColumn(target, 'name', name).column,
    };
    const gone = columnOf(target, 'deleted_at')?.column;
    const bound = {
      ...ref,
      companyId: columnOf(target, 'company_id')?.column,
      live: gone ? isNull(gone) : undefined,
      join: sql`${ref.id} = ${columns[name].column}`,
    };
    refs.push(bound);
    const nested = sql`json_build_object('uuid', ${bound.id}, 'name', ${bound.name})`;
    shape[f.ref.as] = f.required ? nested : sql`case when ${bound.id} is null then null else ${nested} end`;
  }
  for (const [name, c] of Object.entries(hooks.computed ?? {})) shape[name] = c.sql;
  // The record's version (./versions.ts): what a client sends back so its change overwrites no other.
  shape.version = col('version').column;

  // No join drops a row: a required reference always matches (its foreign key), an optional one is a left join.
  const joins: Join[] = [
    ...refs.map((r) => ({ table: r.table, item: r.item, on: r.join, left: !r.required })),
    ...(hooks.joins ?? []),
  ];
  const from = joins.reduce<SQL>(
    (acc, j) => sql`${acc} ${sql.raw(j.left ? 'left' : 'inner')} join ${j.item ?? j.table} on ${j.on}`,
    sql`${table}`,
  );
  const rows = { row: jsonRow(shape), from: compiled(from) };
  const own = { from: compiled(sql`${table}`), id: compiled(sql`${id}`) };
  const refByAs = new Map(refs.map((r) => [r.as, r]));
  const sortKey = (key: string): SortKey => {
    const ref = refByAs.get(key);
    // An optional reference's name is null where the record has none: it sorts last.
    if (ref) return ref.required ? byLower(ref.name) : { ...byLower(ref.name), nullable: true };
    return ['number', 'money', 'checkbox', 'date'].includes(decl.fields[key].type)
      ? byValue(columns[key].column)
      : byLower(columns[key].column);
  };
  const listSpec: ListSpec = {
    sortable: Object.fromEntries(decl.list.sort.map((k) => [k, sortKey(k)])),
    // A date is searched as its Y-m-d text.
    searchable: Object.fromEntries(
      decl.list.search.map((k) => [
        k,
        refByAs.get(k)?.name ?? (decl.fields[k]?.type === 'date' ? shape[k] : columns[k].column),
      ]),
    ),
    tiebreak: sql`${id}`,
  };
  // A company-scoped read without a company reads nothing, never everything: a query that forgot its
  // tenant returns no rows. Server work that means every company says so with EVERY_COMPANY.
  const inTenant = (tenant: TenantScope) =>
    !companyId || tenant === EVERY_COMPANY ? undefined : tenant === null ? sql`false` : eq(companyId, tenant);
  // Declared filters (./filters.ts) are conditions on the resource's own columns: a page never joins for them.
  const filters = filtersOf(decl);
  if (filters.length > 0 && hooks.records)
    throw new Error(`Resource "${decl.name}": list filters need the generic reads, not a records hook`);

  /** A referenced record of the tenant's company (any, for a global referenced resource or no tenant). */
  const refInTenant = (r: BoundRef, tenant: TenantScope) =>
    !r.companyId || tenant === EVERY_COMPANY ? undefined : tenant === null ? sql`false` : eq(r.companyId, tenant);

  /**
   * Which of the ids the bodies name are the tenant's live records, per reference field: one query per
   * reference that any body names (for one body, as for a batch of an import's rows).
   */
  async function liveRefs(
    db: Conn,
    tenant: TenantScope,
    bodies: readonly Record<string, unknown>[],
  ): Promise<LiveRefs> {
    const live: LiveRefs = new Map();
    for (const r of refs) {
      const ids = [
        ...new Set(bodies.flatMap((b) => (isUuid(b[r.field]) ? [(b[r.field] as string).toLowerCase()] : []))),
      ];
      const found = ids.length
        ? await db
            .select({ id: r.id })
            .from(r.table)
            .where(and(inArray(r.id, ids), r.live, refInTenant(r, tenant)))
        : [];
      live.set(r.field, new Set(found.map((f) => f.id as string)));
    }
    return live;
  }

  /**
   * The references the body names that do not exist in the tenant's company, or are in the trash
   * (`live`: liveRefs of it): their field and `as`. None ('' or null) is no reference.
   */
  function badRefsIn(body: Record<string, unknown>, live: LiveRefs): BoundRef[] {
    return refs.filter((r) => {
      const value = body[r.field];
      if (
        value === undefined ||
        (!r.required && (value === null || (typeof value === 'string' && value.trim() === '')))
      )
        return false;
      return !(isUuid(value) && live.get(r.field)?.has(value.toLowerCase()));
    });
  }

  return {
    shape,
    writable,
    listSpec,
    /** The tenant's records (narrowed by `where`), searched, sorted and paged per the query; `whole`: see fetchList. */
    async list(db: Conn, tenant: TenantScope, query: ListQueryValues, where?: SQL, whole?: WholeListOptions) {
      const plan = planList(query, listSpec);
      const filtered = filterCondition(filters, (field) => columns[field].column, query);
      // A filtered list answers its meta.total, like any list asked with parameters.
      if (filtered.filtered) plan.withMeta = true;
      const needsRefs = refByAs.has(plan.sortKey) || plan.searchKeys.some((k) => refByAs.has(k));
      const source = {
        from: needsRefs ? rows.from : own.from,
        where: and(which('live'), inTenant(tenant), where, filtered.where, plan.where),
        id: own.id,
      };
      return { plan, ...(await fetchList(db, plan, rows, source, whole)) };
    },
    /**
     * One record of the tenant (and within `where`), or null (also for an id that is not a uuid); a
     * live one unless `w` says otherwise.
     */
    async find(
      db: Conn,
      tenant: TenantScope,
      recordId: string,
      where?: SQL,
      w: Which = 'live',
    ): Promise<CrudRow | null> {
      if (!isUuid(recordId)) return null;
      let query = db.select(shape).from(table).$dynamic();
      for (const j of joins) query = j.left ? query.leftJoin(j.table, j.on) : query.innerJoin(j.table, j.on);
      const [row] = await query.where(and(eq(id, recordId), which(w), inTenant(tenant), where));
      return (row as CrudRow | undefined) ?? null;
    },
    /**
     * A page of the tenant's trash (within `where`), the newest deletion first: each record as read,
     * with when it was deleted and by whom (`{ id, name }`, null when that user is gone).
     */
    async trash(db: Conn, tenant: TenantScope, page: number, perPage: number, where?: SQL) {
      if (!deletedAt || !deletedBy) return { rows: [] as CrudRow[], total: 0 };
      const cond = and(which('trashed'), inTenant(tenant), where);
      const by = sql`(select json_build_object('id', u.id, 'name', u.name) from users u where u.id = ${deletedBy})`;
      let query = db
        .select({ ...shape, deleted_at: deletedAt, deleted_by: by })
        .from(table)
        .$dynamic();
      for (const j of joins) query = j.left ? query.leftJoin(j.table, j.on) : query.innerJoin(j.table, j.on);
      const [rows, [{ total }]] = await Promise.all([
        query
          .where(cond)
          .orderBy(desc(deletedAt), asc(id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(table)
          .where(cond),
      ]);
      return { rows: rows as unknown as CrudRow[], total: Number(total) };
    },
    /** The columns of the trash: null for a resource without one (`trash: false`). */
    trashColumns: deletedAt && deletedBy ? { deletedAt, deletedBy } : null,
    /**
     * Each reference's select options (uuid → name): the tenant's first UNPAGED_LIST_MAX by name, like
     * any unpaged list (contract/lists.ts), plus the record's current one wherever it sorts.
     */
    async refOptions(db: Conn, tenant: TenantScope, current: Record<string, unknown> = {}) {
      const out: Record<string, Record<string, string>> = {};
      for (const r of refs) {
        const pick = { id: r.id, name: r.name };
        // A record in the trash is no choice, not even the record's current one.
        const mine = and(r.live, refInTenant(r, tenant));
        const found = await db
          .select(pick)
          .from(r.table)
          .where(mine)
          .orderBy(asc(lowerOf(r.name)), asc(r.id))
          .limit(UNPAGED_LIST_MAX);
        const now = current[r.field];
        if (typeof now === 'string' && !found.some((o) => o.id === now))
          found.push(
            ...(await db
              .select(pick)
              .from(r.table)
              .where(and(mine, eq(r.id, now)))),
          );
        out[r.field] = Object.fromEntries(found.map((o) => [o.id, o.name]));
      }
      return out;
    },
    liveRefs,
    badRefsIn,
    /** badRefsIn, read for one body. */
    async badRefs(db: Conn, tenant: TenantScope, body: Record<string, unknown>): Promise<BoundRef[]> {
      return badRefsIn(body, await liveRefs(db, tenant, [body]));
    },
    /**
     * An import's reference cells (./import.ts), in one query: for each text, the ids of the tenant's
     * live records of the field's referenced table whose id is the text, whose name is it (without letter
     * case), or whose `keys` column (the referenced resource's own import key) is it — at most 3 each.
     */
    async refMatches(
      db: Conn,
      tenant: TenantScope,
      field: string,
      texts: readonly string[],
      keys: readonly string[],
    ): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>(texts.map((t) => [t, []]));
      const r = refs.find((x) => x.field === field);
      if (!r || texts.length === 0) return out;
      const keyColumns = keys.flatMap((k) => columnOf(r.table, k)?.column ?? []);
      const uuids = texts.filter((t) => isUuid(t)).map((t) => t.toLowerCase());
      const lowered = sql<string>`${lowerOf(r.name)}`;
      const match = or(
        uuids.length ? inArray(r.id, uuids) : undefined,
        inArray(
          lowerOf(r.name),
          texts.map((t) => t.toLowerCase()),
        ),
        ...keyColumns.map((c) => inArray(c, [...texts])),
      );
      const pick: Record<string, AnyPgColumn | SQL> = { id: r.id, lowered };
      keyColumns.forEach((c, i) => (pick[`k${i}`] = c));
      const found = (await db
        .select(pick)
        .from(r.table)
        .where(and(match, r.live, refInTenant(r, tenant)))) as Record<string, unknown>[];
      for (const text of texts) {
        const lower = text.toLowerCase();
        const ids = found.filter(
          (f) =>
            f.id === lower ||
            f.lowered === lower ||
            keyColumns.some((_, i) => f[`k${i}`] !== null && String(f[`k${i}`]) === text),
        );
        out.set(
          text,
          ids.slice(0, 3).map((f) => f.id as string),
        );
      }
      return out;
    },
    /**
     * An import's keys (./import.ts), in one query: for each tuple of values of the `fields`, the id of
     * a live record of the tenant whose fields hold them (undefined: none).
     */
    async idsWhere(
      db: Conn,
      tenant: TenantScope,
      fields: readonly string[],
      tuples: readonly unknown[][],
    ): Promise<(string | undefined)[]> {
      const out: (string | undefined)[] = tuples.map(() => undefined);
      if (tuples.length === 0) return out;
      // The tuples as one jsonb parameter, typed as the columns are (whatever their number).
      const rows = JSON.stringify(
        tuples.map((t, i) => Object.fromEntries([['i', i], ...fields.map((_, j) => [`k${j}`, t[j]])])),
      );
      const types = sql.join(
        [
          sql`i int`,
          ...fields.map((f, j) => sql`${sql.identifier(`k${j}`)} ${sql.raw(columns[f].column.getSQLType())}`),
        ],
        sql`, `,
      );
      const on = and(...fields.map((f, j) => sql`${columns[f].column} = k.${sql.identifier(`k${j}`)}`));
      const found = rowsOf<{ i: number; id: string }>(
        await db.execute(
          sql`select k.i, ${id} as id from jsonb_to_recordset(${rows}::jsonb) as k(${types}) join ${table} on ${on} where ${and(which('live'), inTenant(tenant)) ?? sql`true`}`,
        ),
      );
      for (const f of found) out[Number(f.i)] ??= f.id;
      return out;
    },
    /** Records of the tenant by id, as read (live ones); `lock`: held for the rest of the transaction, in id order. */
    async findMany(db: Conn, tenant: TenantScope, ids: readonly string[], lock = false): Promise<Map<string, CrudRow>> {
      if (ids.length === 0) return new Map();
      let query = db.select(shape).from(table).$dynamic();
      for (const j of joins) query = j.left ? query.leftJoin(j.table, j.on) : query.innerJoin(j.table, j.on);
      query = query.where(and(inArray(id, [...ids]), which('live'), inTenant(tenant)));
      if (lock) query = query.orderBy(asc(id)).for('update', { of: table });
      return new Map(((await query) as CrudRow[]).map((row) => [row.id, row]));
    },
    /** Every live record's id and company (null for a global resource), in id order: what the demo seed's history
     * reads. */
    async everyRecord(db: Conn): Promise<{ id: string; company: string | null }[]> {
      const rows = await db
        .select({ id, company: companyId ? sql<string>`${companyId}` : sql<null>`null` })
        .from(table)
        .where(which('live'))
        .orderBy(asc(id));
      return rows as { id: string; company: string | null }[];
    },
    /** Each checkbox list's options (value → label), by field name. */
    async manyOptions(db: Conn): Promise<Record<string, Record<string, string>>> {
      return Object.fromEntries(await Promise.all(lists.map(async (l) => [l.field, await l.options(db)] as const)));
    },
    /** Replace the records' values of each checkbox list their bodies send (inside the write's transaction): one delete
     * and one insert per list. */
    async writeMany(tx: Conn, records: readonly { id: string; body: Record<string, unknown> }[]): Promise<void> {
      for (const l of lists) {
        const sending = records.filter((r) => Array.isArray(r.body[l.field]));
        if (sending.length === 0) continue;
        await tx.delete(l.table).where(
          inArray(
            l.ownerColumn.column,
            sending.map((r) => r.id),
          ),
        );
        // Drizzle types insert values per table; these two columns were checked at start (checkBinding).
        const link = l.table as typeof l.table & { $inferInsert: Record<string, unknown> };
        const values = sending.flatMap((r) =>
          (r.body[l.field] as unknown[]).map((v) => ({ [l.ownerColumn.key]: r.id, [l.valueColumn.key]: v })),
        );
        if (values.length) await tx.insert(link).values(values);
      }
    },
    updatedAt: columnOf(table, 'updated_at')?.key,
    id,
    /** The references, bound (their field, `as`, table and join). */
    refs: refs as readonly BoundRef[],
  };
}

export type CrudQueries = ReturnType<typeof crudQueries>;
