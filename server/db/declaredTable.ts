// The table of a declared resource, derived from its declaration (docs/resources.md "The table"):
// a column per stored field (its SQL name is the field's name, its Drizzle key the same in camel
// case), not-null for required and derived fields, a checkbox's default, `company_id` and the
// same-company foreign keys for a scoped resource, an index per reference and for the default sort,
// the record's `version` (raised by every change, for edits that cannot overwrite each other:
// docs/resources.md "Versions and conflicts"), `created_at` and `updated_at`, and a CHECK for each bound
// of a number or an amount (rangeChecks). Only what the declaration cannot say (a
// column only the server
// keeps, a unique rule, a check) is given beside it. A resource with a trash (all but `trash: false`)
// has `deleted_at` and `deleted_by` (docs/resources.md "Trash"). drizzle-kit generates the migrations from these
// tables as from any other.
import { createHash } from 'node:crypto';
import { sql, type BuildColumns, type NotNull } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import {
  hasTrash,
  isComputed,
  type CheckboxField,
  type DateField,
  type FieldDecl,
  type Fields,
  type FileField,
  type ManyField,
  type MoneyField,
  type MultiChoiceField,
  type NumberField,
  type RefField,
  type ResourceDecl,
} from '../../contract/resources/declare';
import { MONEY_PRECISION, MONEY_SCALE } from '../../contract/resources/kinds';

const builders = {
  id: () => uuid('id').primaryKey().defaultRandom(),
  company: () => uuid('company_id').notNull(),
  text: (name: string) => text(name),
  integer: (name: string) => integer(name),
  double: (name: string) => doublePrecision(name),
  uuid: (name: string) => uuid(name),
  date: (name: string) => date(name, { mode: 'string' }),
  // Exact to the penny (a double would not be); drizzle reads it as a string, as the API answers it.
  money: (name: string) => numeric(name, { precision: MONEY_PRECISION, scale: MONEY_SCALE }),
  // Several options in one column, never null: none chosen is the empty array.
  multi: (name: string, dflt: readonly string[]) =>
    text(name)
      .array()
      .notNull()
      // Options are words (server/crud/binding.ts checks a default's values against them), each quoted in the literal.
      .default(dflt.length ? sql.raw(`'{${dflt.map((v) => `"${v}"`).join(',')}}'::text[]`) : sql`'{}'::text[]`),
  checkbox: (name: string, dflt: boolean) => boolean(name).notNull().default(dflt),
  version: () => integer('version').notNull().default(1),
  stamp: (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow(),
  // The trash (docs/resources.md "Trash"): when and by whom the record was deleted; null while it is live.
  deletedAt: () => timestamp('deleted_at', { withTimezone: true }),
  deletedBy: () => uuid('deleted_by'),
};
type Built<K extends keyof typeof builders> = ReturnType<(typeof builders)[K]>;

/** `address_line_1` → `addressLine1`: the Drizzle key of a field's column. */
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
export const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

// A number's type says number either way; whole numbers are stored as integer, others as double precision.
type Stored<F> = F extends CheckboxField
  ? Built<'checkbox'>
  : F extends MultiChoiceField
    ? Built<'multi'>
    : F extends MoneyField
      ? Built<'money'>
      : F extends NumberField
        ? F extends { integer: true }
          ? Built<'integer'>
          : Built<'double'>
        : F extends RefField | FileField
          ? Built<'uuid'>
          : F extends DateField
            ? Built<'date'>
            : Built<'text'>;
type ColumnOf<F> = F extends CheckboxField | MultiChoiceField
  ? Stored<F>
  : F extends { required: true } | { derived: true }
    ? NotNull<Stored<F>>
    : Stored<F>;

/** The columns the declaration's fields derive (a checkbox list lives in its link table, not here). */
export type FieldColumns<F extends Fields> = {
  [K in keyof F as F[K] extends ManyField | { computed: true } ? never : Camel<K & string>]: ColumnOf<F[K]>;
};

type Stamps = { version: Built<'version'>; createdAt: Built<'stamp'>; updatedAt: Built<'stamp'> };
/** A resource with a trash (every one but `trash: false`) keeps its deleted records, marked. */
type TrashColumns<D extends ResourceDecl> = D['trash'] extends false
  ? {}
  : { deletedAt: Built<'deletedAt'>; deletedBy: Built<'deletedBy'> };
type CompanyColumn<D extends ResourceDecl, C> = D['tenancy'] extends 'scoped'
  ? C extends false
    ? {}
    : { companyId: Built<'company'> }
  : {};

export interface DeclaredTableOptions<X extends Record<string, PgColumnBuilderBase>, C extends boolean> {
  /** The companies table: a scoped resource's `company_id` points at it. */
  companies?: () => AnyPgColumn;
  /** The tables the references point at, by the referenced resource's API name. */
  refs?: Record<string, () => PgTable>;
  /** Columns the declaration does not hold (only the server keeps them), by Drizzle key. */
  columns?: X;
  /** Constraints and indexes beyond the derived ones. */
  extra?: (t: Record<string, AnyPgColumn>) => PgTableExtraConfigValue[];
  /** false: a scoped resource whose company is kept in a link table (users), so no `company_id` here. */
  companyColumn?: C;
  /** false: no index for the default sort by name (a table of a handful of rows). */
  listIndex?: boolean;
  /** 'cascade': the company's deletion deletes its records too (reports: configuration, not data); 'restrict' by
   * default. */
  companyOnDelete?: 'cascade' | 'restrict';
}

/**
 * PostgreSQL keeps 63 bytes of a name and cuts the rest, so two long names could meet: a name
 * longer than that keeps its start and ends with a hash of the whole.
 */
export function pgName(...parts: string[]): string {
  const whole = parts.join('_');
  if (whole.length <= 63) return whole;
  return `${whole.slice(0, 54)}_${createHash('sha256').update(whole).digest('hex').slice(0, 8)}`;
}

/** A CHECK holding one declared bound of a number or an amount: the API checks it first, this when anything
 * else writes (server/http/errors-plugin.ts answers its refusal with the field's message). */
export interface RangeCheck {
  name: string;
  field: string;
  bound: 'min' | 'max';
  limit: number;
}

/** The CHECKs of the bounds `decl` declares, `{table}_{field}_min` and `…_max`. */
export function rangeChecks(decl: Pick<ResourceDecl, 'name' | 'fields'>): RangeCheck[] {
  return Object.entries(decl.fields).flatMap(([field, f]): RangeCheck[] =>
    f.type === 'number' || f.type === 'money'
      ? [
          { name: pgName(decl.name, field, 'min'), field, bound: 'min', limit: f.min },
          { name: pgName(decl.name, field, 'max'), field, bound: 'max', limit: f.max },
        ]
      : [],
  );
}

/** The fields with a column: not a checkbox list (its link table) nor a computed field (computed on read). */
const storedFields = (fields: Fields) =>
  Object.entries(fields).filter(
    (entry): entry is [string, Exclude<FieldDecl, ManyField>] => !('many' in entry[1]) && !isComputed(entry[1]),
  );

function columnFor(name: string, field: Exclude<FieldDecl, ManyField>): PgColumnBuilderBase {
  if (field.type === 'checkbox') return builders.checkbox(name, field.default);
  // A declared default (options: plain words, checked at start) is also what existing rows get when the column is
  // added.
  if (field.type === 'multichoice') return builders.multi(name, field.default ?? []);
  const stored =
    field.type === 'money'
      ? builders.money(name)
      : field.type === 'number'
        ? field.integer
          ? builders.integer(name)
          : builders.double(name)
        : 'ref' in field || field.type === 'file'
          ? builders.uuid(name)
          : field.type === 'date'
            ? builders.date(name)
            : builders.text(name);
  return field.required || field.derived ? stored.notNull() : stored;
}

/** The table of `decl` (see above); its Drizzle keys are the fields' names in camel case. */
export function declaredTable<
  D extends ResourceDecl,
  X extends Record<string, PgColumnBuilderBase> = {},
  C extends boolean = true,
>(decl: D, o: DeclaredTableOptions<X, C> = {}) {
  const table = decl.name;
  const fields = storedFields(decl.fields);
  const refs = fields.filter((entry): entry is [string, RefField] => 'ref' in entry[1]);
  const scoped = decl.tenancy === 'scoped' && o.companyColumn !== false;
  // A required same-company reference already ties the company to one that exists (through the
  // referenced record's own company): only a scoped table without one points at companies itself.
  const companyThroughRef = refs.some(([, f]) => f.required);
  const columns: Record<string, PgColumnBuilderBase> = { id: builders.id() };
  if (scoped) {
    if (!companyThroughRef && !o.companies)
      throw new Error(`Table of "${decl.name}": a scoped resource needs the companies table (options.companies).`);
    columns.companyId = builders.company();
  }
  for (const [name, field] of fields) columns[camel(name)] = columnFor(name, field);
  Object.assign(columns, o.columns ?? {});
  // 1 when made; the generic writes raise it with every change (server/crud/versions.ts).
  columns.version = builders.version();
  columns.createdAt = builders.stamp('created_at');
  columns.updatedAt = builders.stamp('updated_at');
  const trash = hasTrash(decl);
  if (trash) {
    columns.deletedAt = builders.deletedAt();
    columns.deletedBy = builders.deletedBy();
  }

  const sortsByName = decl.list.sort[0] === 'name' && fields.some(([name]) => name === 'name');
  const built = pgTable(table, columns, (t) => {
    const c = t as unknown as Record<string, AnyPgColumn>;
    const out: PgTableExtraConfigValue[] = [];
    for (const [name, field] of refs) {
      const target = o.refs?.[field.ref.to];
      if (!target)
        throw new Error(
          `Table of "${decl.name}": field "${name}" refers to "${field.ref.to}"; name its table in options.refs.`,
        );
      const own = c[camel(name)];
      const theirs = target() as unknown as Record<string, AnyPgColumn>;
      // Deleting the referenced record is refused by the server first (a 409 naming the dependents);
      // this holds the rule when a race gets past that check.
      out.push(
        scoped
          ? foreignKey({
              name: pgName(table, field.ref.as, 'same_company'),
              columns: [own, c.companyId],
              foreignColumns: [theirs.id, theirs.companyId],
            }).onDelete('restrict')
          : foreignKey({
              name: pgName(table, field.ref.as, 'ref'),
              columns: [own],
              foreignColumns: [theirs.id],
            }).onDelete('restrict'),
      );
      out.push(index(pgName(table, field.ref.as)).on(own));
    }
    if (scoped) {
      out.push(index(pgName(table, 'company')).on(c.companyId));
      // A list's exact total counts the company's live records: from this narrow index alone (an index-only
      // scan, once vacuum has marked the table's pages all-visible), not from every row of the table
      // (docs/speed.md "Counting a company's records").
      if (trash)
        out.push(
          index(pgName(table, 'live'))
            .on(c.companyId)
            .where(sql`${c.deletedAt} is null`),
        );
      // Named as drizzle names a `.references()` key, but never past 63 characters.
      if (!companyThroughRef && o.companies) {
        const target = o.companies();
        out.push(
          foreignKey({
            name: pgName(table, 'company_id', 'companies', 'id', 'fk'),
            columns: [c.companyId],
            foreignColumns: [target],
          }).onDelete(o.companyOnDelete ?? 'restrict'),
        );
      }
    }
    // The list's default sort, lower(name) then id (server/lists/lists.ts), within the company
    // when there is one; the plain name last lets a page's ids come from the index alone.
    // Lists show live records only, so the index holds only those.
    if (sortsByName && o.listIndex !== false) {
      const name = index(pgName(table, 'list_name'));
      const on = scoped
        ? name.on(c.companyId, sql`lower(${c.name})`, c.id, c.name)
        : name.on(sql`lower(${c.name})`, c.id, c.name);
      out.push(trash ? on.where(sql`${c.deletedAt} is null`) : on);
    }
    // A literal, not a parameter: a CHECK's expression is written into the migration.
    for (const r of rangeChecks(decl)) {
      const column = c[camel(r.field)];
      const limit = sql.raw(String(r.limit));
      out.push(check(r.name, r.bound === 'min' ? sql`${column} >= ${limit}` : sql`${column} <= ${limit}`));
    }
    // The search box's text fields each have a trigram index (pg_trgm, which supports ilike): a search of three
    // letters or more then reads the rows that match instead of every row of the company, the capped count
    // included (docs/speed.md "The search box on a big list").
    // A key without a text column of its own (a reference's name, a date, a computed value) gets none.
    for (const key of decl.list.searchBox ?? decl.list.search) {
      const column = Object.hasOwn(c, camel(key)) ? c[camel(key)] : undefined;
      if (column?.columnType !== 'PgText') continue;
      const on = index(pgName(table, 'search', key)).using('gin', sql`${column} gin_trgm_ops`);
      out.push(trash ? on.where(sql`${c.deletedAt} is null`) : on);
    }
    // The trash's list (newest deletion first) and its purge (the oldest past retention).
    if (trash)
      out.push(
        index(pgName(table, 'trash'))
          .on(c.deletedAt)
          .where(sql`${c.deletedAt} is not null`),
      );
    return [...out, ...(o.extra?.(c) ?? [])];
  });
  type Columns = { id: Built<'id'> } & CompanyColumn<D, C> & FieldColumns<D['fields']> & X & Stamps & TrashColumns<D>;
  return built as unknown as PgTableWithColumns<{
    name: string;
    schema: undefined;
    columns: BuildColumns<string, Columns, 'pg'>;
    dialect: 'pg';
  }>;
}
