// A list's rows as PostgreSQL writes them: each row's JSON built in SQL, a page and its
// total in one statement, the statement's text reused (server/db/statements.ts). ./lists.ts plans
// the query (sort, search, page) and answers it.
import { Column, is, sql, type Query, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { compiled, fragmentOf, render, rowsFrom, rowsOfQuery } from '../db/statements';
import { UNPAGED_LIST_MAX } from '../../contract/lists';
import { invalid } from '../errors';
import type { Conn } from '../db/conn';
import { giveBack } from '../db/lentBytes';
import { wholeListRows, type WholeListOptions } from './wholeLists';
import { MAX_PER_PAGE, type ListPlan, type ListTotal } from './lists';

/** Column types whose JSON (json_build_object) is exactly what drizzle would answer for them. */
const JSON_NATIVE = new Set([
  'PgUUID',
  'PgText',
  'PgVarchar',
  'PgBoolean',
  'PgInteger',
  'PgSmallInt',
  'PgDoublePrecision',
  'PgReal',
  'PgJson',
  'PgJsonb',
]);

export type RowShape = Record<string, PgColumn | SQL>;

/**
 * `json_build_object('key', value, …)` of a select shape: PostgreSQL writes each row's JSON, so a
 * list travels as one text value instead of rows × columns the driver would parse one by one.
 * Only JSON-native column types (no timestamps, numerics or bigints, whose JSON differs).
 */
export function jsonRow<S extends RowShape>(shape: S): SQL<SelectResultFields<S>> {
  const entries = Object.entries(shape);
  if (entries.length > 50) throw new Error('json_build_object takes at most 100 arguments');
  const pairs = entries.map(([key, value]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`${key}: not a plain JSON key`);
    if (is(value, Column) && !JSON_NATIVE.has(value.columnType))
      throw new Error(`${key}: a ${value.columnType} is not JSON-native`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  const row = sql<SelectResultFields<S>>`json_build_object(${sql.join(pairs, sql`, `)})`;
  // A shape with a parameter (a scope's value) is rendered per query; a constant one only once.
  return render(row).params.length === 0 ? compiled(row) : row;
}

/** What a list's rows are: each row's JSON (jsonRow) over the FROM it needs. */
export interface ListRows<T> {
  row: SQL<T>;
  /** The row's FROM and joins. A join must never drop a row (each joined row exists by foreign key). */
  from: SQL;
}

/** What a page is cut from: the listed rows' FROM and WHERE, joining only what filter and sort need. */
export interface ListSource {
  /** `table`, or `table join other on …` when a searched or sorted key lives in the other table. */
  from: SQL;
  where: SQL | undefined;
  /** The listed table's unique id, as the outer query names it (the same table in the inner scope). */
  id: SQL;
  /** Plan each request with its values (RunOptions.planEach): a WHERE whose best index depends on them. */
  planEach?: boolean;
}

const whereOf = (condition: SQL | undefined) => (condition ? sql`where ${condition}` : sql``);

/** The count of `from … where`; with a `cap` (a capped count), of at most `cap` of its rows, so a common search stops
 * early. */
/** How many rows a capped count reads: one past the cap tells that there are more. */
const countLimit = (plan: ListPlan): number | null => (plan.countCap === null ? null : plan.countCap + 1);

const countOf = (from: SQL, where: SQL, cap: SQL | undefined) =>
  cap
    ? sql`select count(*)::int as n from (select 1 from ${from} ${where} limit ${cap}) as counted`
    : sql`select count(*)::int as n from ${from} ${where}`;

/**
 * A list's rows as the JSON array text PostgreSQL wrote (typed by its row), or its UTF-8 bytes: a
 * whole list read off the event loop (./wholeLists.ts), sent as they are.
 */
export type RowsJson<T> = (string | Buffer) & { readonly rowType?: T };

/** The rows, parsed; bytes lent by the off-thread worker are given back, read (server/db/lentBytes.ts). */
export function parseRows<T>(json: RowsJson<T>): T[] {
  if (typeof json === 'string') return JSON.parse(json) as T[];
  const text = json.toString('utf8');
  giveBack(json);
  return JSON.parse(text) as T[];
}

export const UNPAGED_TOO_LONG =
  `This list has more than ${UNPAGED_LIST_MAX} rows, too many to send at once. ` +
  `Ask for it page by page with page and per_page (at most ${MAX_PER_PAGE} rows per page).`;

/** From this offset on, a page is counted first and read from the nearer end of the list. */
export const DEEP_OFFSET = 5000;

/**
 * The list's rows (as JSON text) and total, in one statement instead of a row query and
 * a count query. Unpaged: every matching row, refused past UNPAGED_LIST_MAX. Paged:
 * - the page's ids come from a narrow subquery over `source` only, which the list index serves and
 *   which stops at LIMIT; the rows of the OFFSET are skipped there, never joined or shaped;
 * - the rows are then joined and shaped for the page's ids alone;
 * - the total is counted in the same statement, but only when the page is full: PostgreSQL runs an
 *   uncorrelated subquery (an InitPlan) only when its value is used, and a page that is not full
 *   already tells the total (offset + rows). Only a page past the end needs a count of its own.
 * A deep page (DEEP_OFFSET) is counted first instead: walking to it costs about as much, and with
 * the total known a page in the second half is read backwards from the end, a short walk.
 * With `plan.countCap` (count=capped) every count stops at countCap + 1 rows: more than countCap
 * answers `{ total: countCap, more: true }`, and such a page has no known end, so it is read forwards.
 * `whole`: who asks an unpaged list and whether they still wait (./wholeLists.ts, its limits).
 */
export async function fetchList<T>(
  db: Conn,
  plan: ListPlan,
  list: ListRows<T>,
  source: ListSource,
  whole?: WholeListOptions,
): Promise<ListTotal & { json: RowsJson<T> }> {
  const { limit } = plan;
  const run = { planEach: source.planEach };
  if (limit === null) {
    // At most UNPAGED_LIST_MAX + 1 rows are cut and shaped: one more than the cap tells the list is too long.
    const [found] = await wholeListRows<WholeListRow<T>>(
      db,
      () => pageQuery(plan, { order: plan.orderBy, limit: UNPAGED_LIST_MAX + 1, offset: 0 }, list, source, false),
      ['data'],
      whole,
      run,
    );
    if (found.rows > UNPAGED_LIST_MAX) {
      giveBack(found.data);
      throw invalid({ page: [UNPAGED_TOO_LONG] });
    }
    return { json: found.data, total: found.rows };
  }
  const { countCap } = plan;
  const totalOf = (n: number): ListTotal =>
    countCap !== null && n > countCap ? { total: countCap, more: true } : { total: n };
  const count = async () =>
    totalOf(
      (
        await rowsFrom<{ n: number }>(
          db,
          countOf(source.from, whereOf(source.where), countCap === null ? undefined : sql`${countLimit(plan)}`),
          run,
        )
      )[0].n,
    );
  if (plan.offset >= DEEP_OFFSET) {
    const counted = await count();
    const { total } = counted;
    if (plan.offset >= total) return { json: '[]', ...counted };
    const end = Math.min(plan.offset + limit, total);
    const fromEnd = !counted.more && total - end < plan.offset;
    const cut = fromEnd
      ? { order: plan.reverseOrderBy, limit: end - plan.offset, offset: total - end }
      : { order: plan.orderBy, limit, offset: plan.offset };
    const [found] = await rowsOfQuery<PageRow>(db, pageQuery(plan, cut, list, source, false), run);
    return { json: found.data, ...counted };
  }
  const [found] = await rowsOfQuery<PageRow>(
    db,
    pageQuery(plan, { order: plan.orderBy, limit, offset: plan.offset }, list, source, true),
    run,
  );
  const json: RowsJson<T> = found.data;
  if (found.rows === limit && found.total !== null) return { json, ...totalOf(found.total) };
  if (found.rows > 0) return { json, total: plan.offset + found.rows };
  if (plan.offset === 0) return { json, total: 0 };
  return { json, ...(await count()) };
}

interface PageRow {
  data: string;
  rows: number;
  total: number | null;
}

/** A whole list's row: its data may come as bytes (./wholeLists.ts). */
type WholeListRow<T> = Omit<PageRow, 'data'> & { data: RowsJson<T> };

/** Which rows a page statement cuts: in this order, this many after skipping `offset`. */
interface Cut {
  order: SQL[];
  limit: number;
  offset: number;
}

/** Page statement texts by their parts (compiled fragments' ids, limit, total or not and capped or not, the WHERE's
 * text): a pure function of them. */
const pageTexts = new Map<string, string>();

/**
 * The page statement of fetchList; with `lazyTotal`, the total when the page is full. When every
 * part but the WHERE is a compiled() fragment, only the WHERE is rendered per request and the
 * statement text comes from pageTexts; otherwise drizzle renders the whole statement.
 */
function pageQuery(plan: ListPlan, cut: Cut, list: ListRows<unknown>, source: ListSource, lazyTotal: boolean): Query {
  // LIMIT is written into the text (a checked integer), OFFSET stays a parameter: a prepared
  // statement's generic plan then knows the page is small and keeps the index and the joins by id.
  // A capped count's limit follows the offset, so it is a parameter too (one text for every page).
  if (!Number.isSafeInteger(cut.limit) || cut.limit < 1) throw new Error(`Invalid page size ${cut.limit}`);
  const limit = String(cut.limit);
  const parts = [list.row, list.from, source.from, source.id, ...plan.orderBy, ...cut.order].map(fragmentOf);
  if (!parts.every((part) => part !== undefined)) {
    const where = whereOf(source.where);
    const cap = plan.countCap === null ? undefined : sql`${countLimit(plan)}`;
    const total = lazyTotal
      ? sql`case when count(*) = ${sql.raw(limit)} then (${countOf(source.from, where, cap)}) end`
      : sql`null::int`;
    return render(sql`
      select coalesce(json_agg(${list.row} order by ${sql.join(plan.orderBy, sql`, `)}), '[]')::text as data, count(*)::int as rows, ${total} as total
      from ${list.from}
      join (select ${source.id} as page_id from ${source.from} ${where}
        order by ${sql.join(cut.order, sql`, `)} limit ${sql.raw(limit)} offset ${cut.offset}) as page
        on page.page_id = ${source.id}`);
  }
  const where = source.where ? render(source.where) : { sql: '', params: [] };
  const cap = lazyTotal ? countLimit(plan) : null;
  const key = `${parts.map((part) => part.id).join(',')}|${limit}|${lazyTotal}|${cap !== null}|${where.sql}`;
  let text = pageTexts.get(key);
  if (text === undefined) {
    const [row, from, sourceFrom, id, ...orders] = parts.map((part) => part.text);
    const rowOrder = orders.slice(0, plan.orderBy.length).join(', ');
    const cutOrder = orders.slice(plan.orderBy.length).join(', ');
    const filter = where.sql ? `where ${where.sql}` : '';
    const counted =
      cap !== null
        ? `(select 1 from ${sourceFrom} ${filter} limit $${where.params.length + 2}) as counted`
        : `${sourceFrom} ${filter}`;
    const total = lazyTotal
      ? `case when count(*) = ${limit} then (select count(*)::int as n from ${counted}) end`
      : 'null::int';
    // The WHERE's parameters are $1…$n; the offset follows, then a capped count's limit.
    text = `select coalesce(json_agg(${row} order by ${rowOrder}), '[]')::text as data, count(*)::int as rows, ${total} as total
      from ${from}
      join (select ${id} as page_id from ${sourceFrom} ${filter}
        order by ${cutOrder} limit ${limit} offset $${where.params.length + 1}) as page
        on page.page_id = ${id}`;
    if (pageTexts.size >= 1000) pageTexts.clear();
    pageTexts.set(key, text);
  }
  return { sql: text, params: cap === null ? [...where.params, cut.offset] : [...where.params, cut.offset, cap] };
}
