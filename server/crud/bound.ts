// A declared resource bound to its tables (docs/resources.md): each field's column, each reference's
// table and join, each checkbox list's link table, the computed columns; from them the read's row shape
// (its JSON built by PostgreSQL, constant fragments compiled once), its FROM and the list's sort and
// search keys. Built once at start; the reads and writes of ./queries.ts take it. Every read but the
// trash's own sees live records only (`which`): a record in the trash (docs/resources.md "Trash") is in
// no list, read, count, reference check or select, as if it did not exist.
import { eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { isComputed, type ResourceDecl } from '../../contract/resources/declare';
import { compiled } from '../db/statements';
import { jsonRow, type RowShape } from '../lists/listRows';
import { EVERY_COMPANY, type TenantScope } from '../db/tenantScope';
import { byLower, byValue, type ListSpec, type SortKey } from '../lists/lists';
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
import { DeclarationError } from '../../contract/resources/registryCheck';

export interface BoundMany extends ManyBinding {
  field: string;
  ownerColumn: BoundColumn;
  valueColumn: BoundColumn;
}

export interface BoundRef {
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
export interface Join {
  table: PgTable | SQL;
  on: SQL;
  left?: boolean;
  item?: SQL;
}

/** The tables the computed columns read, each once (two columns may read one table). */
function computedJoinsOf(hooks: CrudHooks): Join[] {
  const joins: Join[] = [];
  for (const c of Object.values(hooks.computed ?? {}))
    for (const j of c.joins ?? []) if (!joins.some((k) => k.table === j.table)) joins.push(j);
  return joins;
}

export function bindResource(decl: ResourceDecl, binding: CrudBinding, hooks: CrudHooks) {
  const { table } = binding;
  const col = (name: string) => requireColumn(table, name, `Resource "${decl.name}"`);
  const id = col('id').column;
  const { tenantLink } = binding;
  const companyId = decl.tenancy === 'scoped' && !tenantLink ? col('company_id').column : undefined;
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
  const computedJoins = computedJoinsOf(hooks);
  const joined = new Set<PgTable | SQL>([table, ...computedJoins.map((j) => j.table)]);
  for (const [name, f] of Object.entries(decl.fields)) {
    // Computed on read: its SQL joins the shape with the hook's other columns below.
    if (isComputed(f)) continue;
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
    ...computedJoins,
  ];
  const from = joins.reduce<SQL>(
    (acc, j) => sql`${acc} ${sql.raw(j.left ? 'left' : 'inner')} join ${j.item ?? j.table} on ${j.on}`,
    sql`${table}`,
  );
  const rows = { row: jsonRow(shape), from: compiled(from) };
  const own = { from: compiled(sql`${table}`), id: compiled(sql`${id}`) };
  const refByAs = new Map(refs.map((r) => [r.as, r]));
  const sortKey = (key: string): SortKey => {
    const f = Object.hasOwn(decl.fields, key) ? decl.fields[key] : undefined;
    // A computed choice sorts in its options' order (expired before due before valid), never null.
    if (f && isComputed(f) && 'options' in f) {
      // Literals, not parameters: a list's sort is compiled once (../db/statements.ts), at start, so SQL with
      // parameters stops the start rather than a list.
      const order = f.options.map((o, i) => `when '${o.replace(/'/g, "''")}' then ${i}`).join(' ');
      try {
        return { expr: compiled(sql`case ${shape[key]} ${sql.raw(order)} end`), nullable: false };
      } catch {
        throw new DeclarationError(
          `Resource "${decl.name}": computed field "${key}" is sorted, so its SQL must hold no parameters (write its constants with sql.raw)`,
        );
      }
    }
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
  // A tenant link (CrudBinding.tenantLink): a record of every company it has a row for.
  const linked = tenantLink && {
    table: tenantLink.table,
    owner: requireColumn(tenantLink.table, tenantLink.owner, 'the tenant link').column,
    company: requireColumn(tenantLink.table, tenantLink.company, 'the tenant link').column,
  };
  const inTenant = (tenant: TenantScope): SQL | undefined =>
    (!companyId && !linked) || tenant === EVERY_COMPANY
      ? undefined
      : tenant === null
        ? sql`false`
        : linked
          ? sql`exists (select 1 from ${linked.table} where ${linked.owner} = ${id} and ${linked.company} = ${tenant})`
          : eq(companyId as AnyPgColumn, tenant);
  // Declared filters (./filters.ts) are conditions on the resource's own columns: a page never joins for them.
  const filters = filtersOf(decl);

  /** A referenced record of the tenant's company (any, for a global referenced resource or no tenant). */
  const refInTenant = (r: BoundRef, tenant: TenantScope) =>
    !r.companyId || tenant === EVERY_COMPANY ? undefined : tenant === null ? sql`false` : eq(r.companyId, tenant);

  /** What a declared filter compares: a field's column, or a computed field's SQL (over the same row). */
  const filtered = (field: string): AnyPgColumn | SQL => columns[field]?.column ?? (shape[field] as SQL);

  return {
    decl,
    filtered,
    table,
    id,
    companyId,
    which,
    writable,
    columns,
    refs: refs as readonly BoundRef[],
    shape,
    lists,
    joins,
    rows,
    own,
    refByAs,
    listSpec,
    inTenant,
    refInTenant,
    filters,
    trashColumns: deletedAt && deletedBy ? { deletedAt, deletedBy } : null,
    updatedAt: columnOf(table, 'updated_at')?.key,
  };
}

/** A declared resource bound to its tables, as every read and write of ./queries.ts reads it. */
export type Bound = ReturnType<typeof bindResource>;
