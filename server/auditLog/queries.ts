// Reading the audit log (GET /api/v1/audit): filters, the caller's scope, the search and the page,
// with the list machinery of the other lists (../lists/lists.ts plans the page, listRows.ts
// fetches rows and total in one statement). Newest first: `at desc, id desc`, which the
// (…, at, id) indexes of audit_log serve read backwards (bench/audit.ts measures it).
// Who sees which rows: docs/security.md "The audit log".
import { sql, type SQL } from 'drizzle-orm';
import { COUNT_PARAM, type CountMode } from '../../contract/lists';
import { AUDIT_ENTITY_OF, type AuditRow } from '../../contract/audit';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { invalid } from '../errors';
import { compiled, rowsFrom } from '../db/statements';
import { auditSearchText } from '../db/schema';
import { likePattern, uuidArray, type Conn } from '../db/conn';
import { planList, type ListSpec } from '../lists/lists';
import { fetchList, jsonRow, type RowsJson } from '../lists/listRows';
import type { WholeListOptions } from '../lists/wholeLists';

export interface AuditQuery {
  actor?: string;
  company?: string;
  resource?: readonly string[];
  action?: string;
  from?: string;
  to?: string;
  q?: string;
  page?: number;
  per_page?: number;
  sort?: string;
  [COUNT_PARAM]?: CountMode;
}

/**
 * Whose events: every row (null: a super admin), or those these companies own — a row of a record of
 * one of them (`tenant_id`), or of a user who belonged to one of them when it was written
 * (`company_ids`). Who owns a row is written with it (server/audit.ts AuditOwner), never decided here.
 */
export type AuditScope = { companies: readonly string[] } | null;

/** Only `at`; newest first unless `sort=at` asks for oldest first. */
export const AUDIT_LIST: ListSpec = {
  sortable: { at: { expr: compiled(sql`a.at`), nullable: false } },
  searchable: {},
  tiebreak: compiled(sql`a.id`),
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// ISO 8601 date-time: a date, T, hours and minutes, optional seconds and fraction, optional zone (UTC when absent).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * `from`/`to` as an instant: a date-time as written (UTC when it names no zone), a date as the start
 * of that UTC day — and for `to`, of the next day, so a date `to` includes its whole day. The
 * bound of `to` is exclusive for a date, inclusive for a date-time.
 */
export function parseBound(param: 'from' | 'to', raw: string): { at: Date; inclusive: boolean } {
  const text = raw.trim();
  const bad = () =>
    invalid({
      [param]: [`The ${param} parameter must be an ISO 8601 date (2025-03-05) or date-time (2025-03-05T14:30:00Z).`],
    });
  if (DATE.test(text)) {
    const day = new Date(`${text}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) throw bad();
    return param === 'to'
      ? { at: new Date(day.getTime() + 86_400_000), inclusive: false }
      : { at: day, inclusive: true };
  }
  if (!DATE_TIME.test(text)) throw bad();
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
  const at = new Date(zoned);
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999) throw bad();
  return { at, inclusive: true };
}

/** A constant of the code (a declaration's noun or name) as an SQL literal, so the statement's text stays constant. */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/** The declared resources whose entities have a name to show (their table has `name`), as SQL `case`. */
function recordLabel(): SQL {
  const named = DECLARED_RESOURCES.filter((d) => 'name' in d.fields);
  if (named.length === 0) return sql`null::text`;
  // The id is compared as a uuid (the tables' key, so their primary key index serves it); an id that
  // is not one names no record.
  const id = sql`(case when a.entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then a.entity_id::uuid end)`;
  const whens = named.map(
    (d) =>
      sql`when ${literal(d.noun.one)} then (select r.name::text from ${sql.identifier(d.name)} r where r.id = ${id})`,
  );
  return sql`(case a.entity ${sql.join(whens, sql` `)} end)`;
}

const resourceOfEntity = () => {
  const whens = Object.entries(AUDIT_ENTITY_OF).map(([name, one]) => sql`when ${literal(one)} then ${literal(name)}`);
  return sql`(case a.entity ${sql.join(whens, sql` `)} end)`;
};

/** The actor as a caller may see them: `visible` a condition over the row (true for a super admin). */
const actorJson = (visible: SQL) =>
  sql`(case when a.actor_id is null then null
    when ${visible} then json_build_object('id', a.actor_id, 'name', au.name, 'email', au.email)
    else json_build_object('id', null, 'name', null, 'email', null, 'hidden', true) end)`;

/**
 * A user's row's membership change as a caller of `companies` may see it: only those companies in its
 * before and after (the user's read view shows them no other), and no change at all when that leaves
 * none. Every other row's changes as kept.
 */
function changesSeenBy(companies: readonly string[]): SQL {
  const ids = sql`${uuidArray(companies)}::text[]`;
  const theirs = (side: 'before' | 'after') => {
    const list = sql.raw(`a.changes -> 'companies' -> '${side}'`);
    return sql`(select jsonb_agg(x)
      from jsonb_array_elements(case when jsonb_typeof(${list}) = 'array' then ${list} end) x
      where x #>> '{}' = any(${ids}))`;
  };
  return sql`(case when a.entity = 'user' and a.changes ? 'companies' then
    (a.changes - 'companies') || (select case when coalesce(s.b, '[]') = coalesce(s.f, '[]') then '{}'::jsonb
        else jsonb_build_object('companies', jsonb_strip_nulls(jsonb_build_object('before', s.b, 'after', s.f))) end
      from (select ${theirs('before')} as b, ${theirs('after')} as f) s)
    else a.changes end)`;
}

/** One audit row's JSON, written by PostgreSQL (the page's rows only), with the actor as `visible` allows. */
const auditRow = (visible: SQL, changes: SQL = sql`a.changes`) =>
  jsonRow({
    id: sql`a.id`,
    at: sql`to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    actor: actorJson(visible),
    company: sql`(case when a.tenant_id is null then null
      else json_build_object('id', a.tenant_id, 'name', ac.name) end)`,
    action: sql`a.action`,
    entity: sql`a.entity`,
    resource: compiled(resourceOfEntity()),
    entity_id: sql`a.entity_id`,
    record_label: compiled(recordLabel()),
    ip: sql`a.ip`,
    changes,
    detail: sql`a.detail`,
  });
/** A super admin's rows: every actor named (a constant statement text). */
const EVERY_ACTOR_ROW = auditRow(sql`true`);

const ROWS_FROM = compiled(
  sql`audit_log a left join users au on au.id = a.actor_id left join companies ac on ac.id = a.tenant_id`,
);
const SOURCE_FROM = compiled(sql`audit_log a`);
const SOURCE_ID = compiled(sql`a.id`);

/** The scope's condition: see AuditScope. Each arm an index serves (tenant_id's b-tree, company_ids' GIN). */
export function scopeCondition(scope: AuditScope): SQL | undefined {
  if (scope === null) return undefined;
  if (scope.companies.length === 0) return sql`false`;
  const companies = uuidArray(scope.companies);
  return sql`(a.tenant_id = any(${companies}) or a.company_ids && ${companies})`;
}

/**
 * The users of the scope's companies now, as an array computed once: the people a holder of
 * audit.view may see named (an actor, a searched person, the actor filter). Anyone else's id, name
 * and email stay out of their answers, even on a row of theirs (another company's admin changing a
 * shared user).
 */
const usersOf = (companies: readonly string[]) =>
  sql`array(select uc.user_id from user_companies uc where uc.company_id = any(${uuidArray(companies)}))`;

/**
 * The people whose name or email holds the search term, looked up before the log is read: the
 * planner then sees the actual ids (a subquery's result is unknown to it, and it guessed a person's
 * rows many enough to walk the whole log newest first to find a page of them).
 */
export async function searchedPeople(db: Conn, q: string | undefined, scope: AuditScope = null): Promise<string[]> {
  const term = q?.trim();
  if (!term) return [];
  const p = likePattern(term);
  // Only people the caller may see named: a search must not tell who an anonymised actor is.
  const seen = scope === null ? sql`` : sql`and u.id = any(${usersOf(scope.companies)})`;
  const rows = await rowsFrom<{ id: string }>(
    db,
    sql`select u.id from users u where (u.name ilike ${p} or u.email ilike ${p}) ${seen}`,
  );
  return rows.map((r) => r.id);
}

/**
 * The filters and the search as conditions (the parameters were checked by the route's schema); `people`:
 * searchedPeople's. The actor filter finds nobody the scope may not see named (it would unmask them).
 */
export function filterConditions(query: AuditQuery, people: readonly string[], scope: AuditScope = null): SQL[] {
  const parts: SQL[] = [];
  const actor = query.actor?.toLowerCase();
  if (actor && scope === null) parts.push(sql`a.actor_id = ${actor}`);
  else if (actor && scope) parts.push(sql`a.actor_id = ${actor} and ${actor}::uuid = any(${usersOf(scope.companies)})`);
  if (query.company) parts.push(sql`a.tenant_id = ${query.company.toLowerCase()}`);
  if (query.resource?.length) {
    const entities = [...new Set(query.resource.map((name) => AUDIT_ENTITY_OF[name]))];
    parts.push(
      entities.length === 1
        ? sql`a.entity = ${entities[0]}`
        : sql`a.entity in (${sql.join(
            entities.map((e) => sql`${e}`),
            sql`, `,
          )})`,
    );
  }
  if (query.action?.trim()) parts.push(sql`a.action = ${query.action.trim()}`);
  const from = query.from ? parseBound('from', query.from) : null;
  const to = query.to ? parseBound('to', query.to) : null;
  if (from && to && (to.inclusive ? from.at > to.at : from.at >= to.at))
    throw invalid({ to: ['The to parameter must not be before from.'] });
  if (from) parts.push(sql`a.at >= ${from.at.toISOString()}::timestamptz`);
  if (to)
    parts.push(
      to.inclusive ? sql`a.at <= ${to.at.toISOString()}::timestamptz` : sql`a.at < ${to.at.toISOString()}::timestamptz`,
    );
  const q = query.q?.trim();
  if (q) {
    const p = likePattern(q);
    // The row's own text through the trigram index on the same expression, or one of the people the
    // term names through the actor index: a bitmap of both, so a rare term reads only its rows.
    parts.push(
      people.length
        ? sql`(${auditSearchText('a')} ilike ${p} or a.actor_id = any(${uuidArray(people)}))`
        : sql`${auditSearchText('a')} ilike ${p}`,
    );
  }
  return parts;
}

/** A page (or, without page/per_page, the whole filtered log up to UNPAGED_LIST_MAX rows) and its total. */
export async function listAudit(db: Conn, scope: AuditScope, query: AuditQuery, whole?: WholeListOptions) {
  // Newest first by default; the answer always carries meta (the default sort counts as asked).
  const plan = planList(
    { page: query.page, per_page: query.per_page, sort: query.sort ?? '-at', count: query.count },
    AUDIT_LIST,
  );
  const people = await searchedPeople(db, query.q, scope);
  const parts = [scopeCondition(scope), ...filterConditions(query, people, scope)].filter(
    (p): p is SQL => p !== undefined,
  );
  const where = parts.length ? sql.join(parts, sql` and `) : undefined;
  // Actors named: every one for a super admin; for others, those of their companies and removed
  // users (no name to show); a user's memberships only of their companies.
  const row =
    scope === null
      ? EVERY_ACTOR_ROW
      : auditRow(sql`(au.id is null or a.actor_id = any(${usersOf(scope.companies)}))`, changesSeenBy(scope.companies));
  // A search is planned with its term: which index serves it (trigrams, a person, a date) depends on it.
  const source = { from: SOURCE_FROM, where, id: SOURCE_ID, planEach: Boolean(query.q?.trim()) };
  const { json, ...total } = await fetchList<AuditRow>(
    db,
    plan,
    { row: row as SQL<AuditRow>, from: ROWS_FROM },
    source,
    whole,
  );
  return { plan, json: json as RowsJson<AuditRow>, ...total };
}
