// How a declared resource meets its table (docs/resources.md): the Drizzle table, the tables its
// references point at, and the hooks for what only this resource does. Checked once at start:
// a declared field without a column stops the server with a message naming resource and field.
import { getTableColumns, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TProperties, TSchema } from 'typebox';
import { hasTrash, isComputed, type FieldDecl, type ResourceDecl } from '../../contract/resources/declare';
import type { AuditOwner } from '../audit';
import type { Action } from '../http/routeAccess';
import type { Conn, Tx } from '../db/conn';
import type { FormFieldGroup } from '../../contract/forms';
import type { FieldErrors } from '../http/fieldErrors';
import { suggestion } from '../../contract/resources/suggest';
import { DeclarationError } from '../../contract/resources/registryCheck';
import { bulkFields } from '../../contract/bulk';
import { FILE_TYPES, UPLOAD_MB_MAX } from '../../contract/uploads';

/**
 * A computed column of the read shape: SQL over the bound tables, its schema for the docs, and the
 * tables it reads, inner-joined (each must match every row, a foreign key: a join never drops one); a
 * join may be SQL, e.g. `lateral (select … aggregate …) as x` with `on: sql\`true\``, which reads one row
 * per record for several columns (users' system access).
 * A declared computed field (docs/resources.md "Computed fields") gives only its SQL, over the resource's
 * own columns (a list filters and sorts by it without a join); its schema is the declaration's.
 */
export interface Computed {
  sql: SQL;
  schema?: TSchema;
  joins?: { table: PgTable | SQL; on: SQL }[];
}

type Body = Record<string, unknown>;
interface Ctx {
  db: Conn;
  tenant: string | null;
  /** Who asks (requireAuth(req) for their permissions). */
  req: FastifyRequest;
}

/** What an afterChange hook did, for the audit row and after the commit. */
export interface WriteOutcome {
  /** The audit row's detail (e.g. who was signed out). */
  detail?: Body | null;
  /** Runs once the transaction has committed, never awaited (a mail), with the record as answered. */
  afterCommit?(record: Body): void;
}

/** An audit row's changes: field → before and after. */
type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

/** A change's context inside its transaction: `before` is the record changed, null on create (and restore). */
type ChangeCtx<P> = Ctx & { body: Body; before: Body | null; parsed: P };

/**
 * What only this resource does, at the points of the lifecycle grid every record goes through
 * (docs/resources.md "Binding and hooks"): access first, then validate, before and after the change,
 * before the delete, the error of a write; and how reads, forms and history are shaped. A restore is
 * a create of what the record holds (access 'create', accessRecord, validate, beforeChange); an import's
 * rows are creates and updates.
 */
export interface CrudHooks<P = unknown> {
  /**
   * Access, before anything is read or written, on each route of `action` (the forms included):
   * refuse the caller (throw, e.g. 403), or answer the caller's reach, a condition on the bound table
   * every read and write of theirs meets (a record beyond it answers 404 as if it did not exist).
   */
  access?(req: FastifyRequest, action: Action): SQL | undefined;
  /**
   * Access to one record, on update, delete and restore, once it is found and before anything is
   * checked: refuse (403, 409). `body`: the update's body as the change will send it (a history
   * restore's is the one it computed), null for a delete or restore.
   */
  accessRecord?(ctx: Ctx & { record: Body; action: 'update' | 'delete'; body: Body | null }): void;
  /**
   * Validate, after the generic checks of a create or update (body as sent, a checkbox list's values
   * cleaned; `before` null on create): more field errors, answered with the generic ones as one 422.
   * What it answers (the body as the resource reads it) is handed on as `parsed`.
   */
  validate?(ctx: Ctx & { body: Body; errors: FieldErrors; before: Body | null }): Promise<P | void>;
  /**
   * Before a create, update or restore, inside its transaction (`db` is it), after the checks: fill
   * in derived column values (by Drizzle key) in `values`, or refuse (403, 409).
   */
  beforeChange?(ctx: ChangeCtx<P> & { values: Body }): Promise<void>;
  /**
   * After a create or update's write of the declared columns and checkbox lists, inside the same
   * transaction: write what the record keeps in other tables (users: memberships, roles). Answers the
   * audit row's detail and a step for after the commit.
   */
  afterChange?(ctx: ChangeCtx<P> & { db: Tx; id: string }): Promise<WriteOutcome>;
  /** Before a delete (and again when its foreign key refuses it): refuse it (e.g. 409 while others depend on it). */
  beforeDelete?(ctx: Ctx & { record: Body }): Promise<void>;
  /** After a write failed: a database error as the answer a client should get (a lost race's 409), or undefined. */
  afterError?(err: unknown, action: 'create' | 'update' | 'delete'): Error | undefined;
  /** Reads: extra read-shape columns, after the declared fields. */
  computed?: Record<string, Computed>;
  /**
   * Reads: the record as this caller is answered it, after the bound table's read (e.g. what they may not
   * see left out): each row of a list, one record, a write's answer and the record its checks see.
   */
  afterRead?(ctx: { req: FastifyRequest; record: Body }): Body;
  /**
   * Forms: the create or edit form as this caller gets it, from the declared groups and `values` (the
   * declared defaults on create, `record` null; the record on edit), e.g. options narrowed or locked.
   */
  form?(ctx: Ctx & { groups: FormFieldGroup[]; values: Body; record: Body | null }): Promise<{
    groups: FormFieldGroup[];
    values: Body;
  }>;
  /** Forms: more in the edit form's record (a sub-list), with its schema. */
  edit?: { schema: TProperties; data(ctx: Omit<Ctx, 'req'> & { record: Body }): Promise<Body> };
  /** History: how the record's audit rows keep it, whose they are and what a caller sees of them. */
  audit?: {
    /**
     * The record as its audit rows keep it (e.g. never a secret, every company), read inside the write's
     * transaction, from `record`: the record as read.
     */
    view?(ctx: { db: Conn; id: string; record: Body }): Promise<Body>;
    /**
     * Whose the rows are when not simply the company's (a company: itself; a user: their companies),
     * from the audit views before and after the change (null: none).
     */
    owner?(ctx: { id: string; before: Body | null; after: Body | null }): AuditOwner | null;
    /** A row's changes as this caller may see them in the history (what the read view hides, hidden). */
    changes?(ctx: { req: FastifyRequest; changes: AuditChanges }): AuditChanges;
  };
}

/** Where a checkbox list (ManyField) keeps its values: one row per value in `table`. */
export interface ManyBinding {
  table: PgTable;
  /** The SQL name of the column pointing at the record. */
  owner: string;
  /** The SQL name of the column holding a value. */
  value: string;
  /** Every value one may choose, with its label (value → label), in form order. */
  options(db: Conn): Promise<Record<string, string>>;
}

/**
 * What a resource's date reminders need beyond its declaration (docs/resources.md "Date reminders"): SQL over the bound
 * table's own columns, never a hook.
 */
export interface ReminderBinding {
  /** A threshold's days before the date per record (an integer expression), by threshold key: else its `daysBefore`. */
  daysBefore?: Record<string, SQL>;
  /** Which live records are reminded at all (certificates: those no newer certificate replaced). */
  where?: SQL;
}

/**
 * A scoped record's companies kept in a link table rather than one `company_id` column (users:
 * user_companies): it belongs to every company it has a row for. The hooks write those rows.
 */
export interface TenantLink {
  table: PgTable;
  /** The SQL name of the column pointing at the record. */
  owner: string;
  /** The SQL name of the column holding a company's id. */
  company: string;
}

export interface CrudBinding {
  table: PgTable;
  /** Where a scoped record's companies are, when not its `company_id` column (TenantLink). */
  tenantLink?: TenantLink;
  /** Date reminders' per-record SQL (ReminderBinding); only with the declaration's `reminders`. */
  reminders?: ReminderBinding;
  /** The referenced resources' tables, by their API name (a reference field's `ref.to`). */
  refs?: Record<string, PgTable>;
  /** Each checkbox list's link table, by field name. */
  many?: Record<string, ManyBinding>;
}

/** A table's column by its SQL name, with the key Drizzle knows it by. */
export interface BoundColumn {
  key: string;
  column: AnyPgColumn;
}

export function columnOf(table: PgTable, sqlName: string): BoundColumn | undefined {
  const found = Object.entries(getTableColumns(table)).find(([, c]) => c.name === sqlName);
  return found && { key: found[0], column: found[1] as AnyPgColumn };
}

/** A table's column that must be there; the message names what needs it. */
export function requireColumn(table: PgTable, sqlName: string, who: string): BoundColumn {
  const found = columnOf(table, sqlName);
  if (!found) throw new DeclarationError(`${who}: the table has no column "${sqlName}"`);
  return found;
}

/** Every declared field and list key against the binding; throws on the first mismatch. */
export function checkBinding(decl: ResourceDecl, binding: CrudBinding, hooks: Pick<CrudHooks, 'computed'>): void {
  const who = (what: string) => `Resource "${decl.name}": ${what}`;
  requireColumn(binding.table, 'id', who('the id'));
  // Every change raises it; a change based on an older one is refused (docs/resources.md "Versions and conflicts").
  requireColumn(binding.table, 'version', who('the record version (an integer, not null, default 1)'));
  // A delete moves the record to the trash (docs/resources.md "Trash"), unless the declaration says `trash: false`.
  if (hasTrash(decl)) {
    requireColumn(binding.table, 'deleted_at', who('the trash (deleted_at timestamptz, or declare trash: false)'));
    requireColumn(binding.table, 'deleted_by', who('the trash (deleted_by uuid, or declare trash: false)'));
  }
  // A scoped record's company: its company_id, or its rows in the binding's tenant link (users: memberships).
  const link = binding.tenantLink;
  if (decl.tenancy === 'scoped' && !link) requireColumn(binding.table, 'company_id', who('tenancy "scoped"'));
  if (link) {
    if (decl.tenancy !== 'scoped') throw new DeclarationError(who('a tenant link needs tenancy "scoped"'));
    requireColumn(link.table, link.owner, who('the tenant link'));
    requireColumn(link.table, link.company, who('the tenant link'));
  }
  if (decl.everyCompany && decl.tenancy !== 'scoped')
    throw new DeclarationError(who('everyCompany needs tenancy "scoped" (a global resource is every company\'s)'));
  const refsAs = new Set<string>();
  checkComputedFields(decl, hooks, who);
  for (const [name, field] of Object.entries(decl.fields) as [string, FieldDecl][]) {
    if (isComputed(field)) continue;
    if ('many' in field) {
      const link = binding.many?.[name];
      if (!link) throw new DeclarationError(who(`checkbox list "${name}" has no link table in the binding`));
      requireColumn(link.table, link.owner, who(`checkbox list "${name}"`));
      requireColumn(link.table, link.value, who(`checkbox list "${name}"`));
      continue;
    }
    if (!columnOf(binding.table, name))
      throw new DeclarationError(
        who(
          `field "${name}" has no column "${name}" in the bound table${suggestion(
            name,
            Object.values(getTableColumns(binding.table)).map((c) => c.name),
          )}`,
        ),
      );
    if (!('ref' in field)) continue;
    const target = binding.refs?.[field.ref.to];
    if (!target)
      throw new DeclarationError(
        who(
          `field "${name}" refers to "${field.ref.to}", which the binding does not name${suggestion(field.ref.to, Object.keys(binding.refs ?? {}))}`,
        ),
      );
    // Emptying a required reference would break the record that holds it.
    if (field.required && field.ref.onDelete === 'set null')
      throw new DeclarationError(
        who(`field "${name}": onDelete 'set null' needs an optional reference (it is required)`),
      );
    requireColumn(target, 'id', who(`reference "${field.ref.to}"`));
    requireColumn(target, 'name', who(`reference "${field.ref.to}"`));
    if (decl.tenancy === 'scoped')
      requireColumn(target, 'company_id', who(`reference "${field.ref.to}" of a scoped resource`));
    refsAs.add(field.ref.as);
  }
  checkConditions(decl, who);
  checkFileFields(decl, who);
  checkReminders(decl, binding, who);
  // A multi-choice's default is among its options, and plain words (it is written into the column's default).
  for (const [name, f] of Object.entries(decl.fields) as [string, FieldDecl][])
    if (f.type === 'multichoice')
      for (const v of f.default ?? [])
        if (!f.options.includes(v) || !/^[\w -]+$/.test(v))
          throw new DeclarationError(who(`multi-choice "${name}": its default "${v}" is not one of its options`));
  // A bulk update sets written fields of the update body (docs/resources.md "Bulk changes").
  for (const key of bulkFields(decl)) {
    const f = decl.fields[key] as FieldDecl | undefined;
    if (!f || f.readOnly || 'many' in f)
      throw new DeclarationError(
        who(
          `bulk update field "${key}" is not a written field${suggestion(
            key,
            Object.keys(decl.fields).filter((k) => !decl.fields[k].readOnly),
          )}`,
        ),
      );
  }
  const known = (key: string) => (Object.hasOwn(decl.fields, key) && !('many' in decl.fields[key])) || refsAs.has(key);
  const listKeys = [...Object.keys(decl.fields).filter((k) => !('many' in decl.fields[k])), ...refsAs];
  for (const key of [...decl.list.sort, ...decl.list.search])
    if (!known(key))
      throw new DeclarationError(
        who(`list key "${key}" is neither a field nor a reference${suggestion(key, listKeys)}`),
      );
  // A set of values has no order to sort by, and neither it nor an amount is text to search.
  for (const key of decl.list.sort)
    if (decl.fields[key]?.type === 'multichoice')
      throw new DeclarationError(who(`list sort key "${key}" is a multi-choice, which has no order`));
  for (const key of decl.list.search) {
    const type = decl.fields[key]?.type;
    if (type === 'multichoice' || type === 'money')
      throw new DeclarationError(
        who(
          `list search key "${key}" is a ${type === 'money' ? 'money' : 'multi-choice'} field, which is not text to search`,
        ),
      );
  }
  const computed = Object.keys(hooks.computed ?? {});
  for (const name of decl.computed ?? []) {
    if (!computed.includes(name))
      throw new DeclarationError(
        who(
          `computed column "${name}" is declared, but the binding's computed hook has no "${name}"${suggestion(name, computed)}`,
        ),
      );
  }
  for (const key of decl.list.columns) {
    if (!known(key) && !computed.includes(key))
      throw new DeclarationError(who(`list column "${key}" is unknown${suggestion(key, [...listKeys, ...computed])}`));
  }
  // The search box sends its keys as q_in, which the list accepts only among `list.search`.
  for (const key of decl.list.searchBox ?? [])
    if (!decl.list.search.includes(key))
      throw new DeclarationError(who(`search box key "${key}" is not in list.search`));
}

/**
 * A declared computed field has its SQL in the binding's computed hook (and no column to write); a computed hook
 * without a declared field gives its schema. Neither is searched (no text to match) nor set in bulk.
 */
function checkComputedFields(
  decl: ResourceDecl,
  hooks: Pick<CrudHooks, 'computed'>,
  who: (what: string) => string,
): void {
  const given = hooks.computed ?? {};
  for (const [name, f] of Object.entries(decl.fields) as [string, FieldDecl][]) {
    if (!isComputed(f)) continue;
    if (!Object.hasOwn(given, name))
      throw new DeclarationError(
        who(`computed field "${name}" has no SQL: give it in the binding's computed hook (computed.${name})`),
      );
    if (given[name].joins?.length)
      throw new DeclarationError(who(`computed field "${name}" must read the resource's own columns only (no joins)`));
    if (decl.list.search.includes(name))
      throw new DeclarationError(who(`computed field "${name}" cannot be a search key`));
  }
  for (const [name, c] of Object.entries(given))
    if (!c.schema && !(Object.hasOwn(decl.fields, name) && isComputed(decl.fields[name])))
      throw new DeclarationError(who(`computed column "${name}" needs a schema (it is no declared computed field)`));
}

/** A file field takes known types, at most UPLOAD_MB_MAX, and is neither sorted, searched nor set in bulk. */
function checkFileFields(decl: ResourceDecl, who: (what: string) => string): void {
  for (const [name, f] of Object.entries(decl.fields) as [string, FieldDecl][]) {
    if (f.type !== 'file') continue;
    const unknown = f.types.filter((t) => !Object.hasOwn(FILE_TYPES, t));
    if (f.types.length === 0 || unknown.length)
      throw new DeclarationError(
        who(`file field "${name}" must name its types among ${Object.keys(FILE_TYPES).join(', ')}`),
      );
    if (!(f.maxMb > 0 && f.maxMb <= UPLOAD_MB_MAX))
      throw new DeclarationError(who(`file field "${name}": maxMb must be more than 0 and at most ${UPLOAD_MB_MAX}`));
    if (decl.list.sort.includes(name) || decl.list.search.includes(name) || bulkFields(decl).includes(name))
      throw new DeclarationError(who(`file field "${name}" cannot be a sort, search or bulk update key`));
  }
}

/**
 * Date reminders name a date field with a column of a scoped resource (whose company is told), thresholds with keys of
 * their own and whole days ≥ 0; the binding's per-record days name declared thresholds.
 */
function checkReminders(decl: ResourceDecl, binding: CrudBinding, who: (what: string) => string): void {
  const r = decl.reminders;
  if (!r) {
    if (binding.reminders) throw new DeclarationError(who('the binding has reminders, but the declaration none'));
    return;
  }
  const dates = Object.keys(decl.fields).filter((k) => decl.fields[k].type === 'date');
  if (!Object.hasOwn(decl.fields, r.field) || decl.fields[r.field].type !== 'date')
    throw new DeclarationError(who(`reminders: "${r.field}" is not a date field${suggestion(r.field, dates)}`));
  if (decl.tenancy !== 'scoped')
    throw new DeclarationError(who(`reminders need tenancy "scoped": the record's company is who is told`));
  const keys = r.thresholds.map((t) => t.key);
  if (keys.length === 0) throw new DeclarationError(who('reminders: name at least one threshold'));
  for (const t of r.thresholds) {
    if (!/^[a-z][a-z0-9_]*$/.test(t.key) || keys.indexOf(t.key) !== keys.lastIndexOf(t.key))
      throw new DeclarationError(who(`reminders: threshold "${t.key}" needs a key of its own (a-z, 0-9, _)`));
    if (!Number.isInteger(t.daysBefore) || t.daysBefore < 0)
      throw new DeclarationError(who(`reminders: threshold "${t.key}" must be a whole number of days ≥ 0 before`));
  }
  for (const key of Object.keys(binding.reminders?.daysBefore ?? {}))
    if (!keys.includes(key))
      throw new DeclarationError(
        who(`the binding's reminders.daysBefore names "${key}", which is no threshold${suggestion(key, keys)}`),
      );
}

/**
 * Each condition (`when`, contract/resources/when.ts) names another declared field with a column, and
 * values that field can have: a choice's options, a checkbox's true or false.
 */
function checkConditions(decl: ResourceDecl, who: (what: string) => string): void {
  for (const [name, field] of Object.entries(decl.fields) as [string, FieldDecl][]) {
    if (!field.when) continue;
    const names = Object.keys(decl.fields).filter((k) => k !== name && !('many' in decl.fields[k]));
    const { field: on, is } = field.when;
    const ctrl = Object.hasOwn(decl.fields, on) ? decl.fields[on] : undefined;
    if (!ctrl || on === name || 'many' in ctrl)
      throw new DeclarationError(
        who(
          `field "${name}" is shown when "${on}" has a value, but that is not another field with a column${suggestion(on, names)}`,
        ),
      );
    const options =
      ctrl.type === 'multichoice' || (ctrl.type === 'select' && !('ref' in ctrl))
        ? ctrl.options
        : ctrl.type === 'checkbox'
          ? [true, false]
          : undefined;
    const wrong = options ? is.filter((v) => !options.includes(v as never)) : [];
    if (is.length === 0 || wrong.length)
      throw new DeclarationError(
        who(
          `field "${name}" is shown when "${on}" is ${JSON.stringify(wrong.length ? wrong[0] : is)}, which "${on}" cannot be (it may be: ${(options ?? []).map(String).join(', ')})`,
        ),
      );
  }
}
