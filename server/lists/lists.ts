// Lists: the whole array by default, for client-side filtering; optional
// `page`, `per_page`, `sort`, `q`, `q_in` and `count` (contract/lists.ts) let a big list be paged by
// the server, answered with `meta: { total }` (`more` when a capped count stopped). Each resource
// says which keys sort and which `q` searches; ./listRows.ts fetches the rows.
import { Readable } from 'node:stream';
import { Type, type TSchema } from 'typebox';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import {
  COUNT_CAP,
  COUNT_CAPPED,
  COUNT_EXACT,
  COUNT_PARAM,
  SEARCH_IN_PARAM,
  type CountMode,
} from '../../contract/lists';
import { invalid } from '../errors';
import { giveBack } from '../db/lentBytes';
import { compiled } from '../db/statements';
import { likePattern } from '../db/conn';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 500;

export const listQueryProperties = {
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Page number (1-based); turns on paging' }),
  ),
  per_page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, description: `Rows per page (default ${DEFAULT_PER_PAGE})` }),
  ),
  sort: Type.Optional(
    Type.String({ maxLength: 64, description: 'A sortable field; prefix "-" (or suffix ":desc") for descending' }),
  ),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive search' })),
  [SEARCH_IN_PARAM]: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'The searchable fields `q` matches, comma-separated (default: all of them)',
    }),
  ),
  [COUNT_PARAM]: Type.Optional(
    Type.Union([Type.Literal(COUNT_EXACT), Type.Literal(COUNT_CAPPED)], {
      description:
        `How a page's meta.total is counted: "${COUNT_EXACT}" (the default) or "${COUNT_CAPPED}", which stops counting ` +
        `${COUNT_CAP} matching rows past the page and then answers meta.more (fast on a common search of a big list)`,
    }),
  ),
};
export const ListQuery = Type.Object(listQueryProperties);

export interface ListQueryValues {
  page?: number;
  per_page?: number;
  sort?: string;
  q?: string;
  q_in?: string;
  count?: CountMode;
}

export const ListMeta = Type.Object({
  total: Type.Integer(),
  page: Type.Optional(Type.Integer()),
  per_page: Type.Optional(Type.Integer()),
  more: Type.Optional(
    Type.Boolean({
      description: 'There are more than `total` matching rows; the exact count was not taken (`count=capped`).',
    }),
  ),
});

export const listResponse = <T extends TSchema>(row: T) =>
  Type.Object({ data: Type.Array(row), meta: Type.Optional(ListMeta) });

/** A sort key's expression; `nullable: false` lets a descending sort run an ascending index backwards. */
export interface SortKey {
  expr: SQL;
  nullable: boolean;
}

/** Case-insensitive text sort that puts "b" after "A". */
export const lowerOf = (expr: SQLWrapper) => sql`lower(${expr})`;
/** Sort by a text column without letter case (an expression index on lower(column) can serve it). */
export const byLower = (column: PgColumn): SortKey => ({ expr: lowerOf(column), nullable: !column.notNull });
/** Sort by a column's own value. */
export const byValue = (column: PgColumn): SortKey => ({ expr: sql`${column}`, nullable: !column.notNull });

export interface ListSpec {
  /** Sort key → expression. The first key is the default sort: the order the SPA shows unsorted. */
  sortable: Record<string, SortKey>;
  /** Search key → text expression `q` matches (case-insensitive substring); `q_in` picks among the keys. */
  searchable: Record<string, SQLWrapper>;
  /** A unique, non-null tiebreaker so pages never overlap. It follows the sort's direction. */
  tiebreak: SQL;
}

export interface ListPlan {
  /** The search condition, or undefined when there is no `q`. */
  where: SQL | undefined;
  orderBy: SQL[];
  /** orderBy exactly reversed: a deep page near the end is read from the end. */
  reverseOrderBy: SQL[];
  limit: number | null;
  offset: number;
  /** True when any list parameter was given: answer `meta`. */
  withMeta: boolean;
  page: number | null;
  perPage: number | null;
  /** `count=capped` on a page: count at most this many rows (offset + per_page + COUNT_CAP), then answer `more`. */
  countCap: number | null;
  /** The sort key and the keys `q` searches (none without `q`): a query joins only the tables they need. */
  sortKey: string;
  searchKeys: readonly string[];
}

function parseSort(raw: string | undefined, spec: ListSpec): { key: string; desc: boolean } {
  const keys = Object.keys(spec.sortable);
  if (raw === undefined || raw.trim() === '') return { key: keys[0], desc: false };
  let key = raw.trim();
  let desc = false;
  if (key.startsWith('-')) {
    desc = true;
    key = key.slice(1);
  }
  const m = /^(.*):(asc|desc)$/i.exec(key);
  if (m) {
    key = m[1];
    desc = m[2].toLowerCase() === 'desc';
  }
  if (!Object.hasOwn(spec.sortable, key))
    throw invalid({ sort: [`The selected sort is invalid. Sort by one of: ${keys.join(', ')}.`] });
  return { key, desc };
}

/** `q_in`: comma-separated searchable keys; absent or blank means all of them. */
function parseSearchIn(raw: string | undefined, spec: ListSpec): string[] {
  const keys = Object.keys(spec.searchable);
  const wanted = (raw ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (wanted.length === 0) return keys;
  if (!wanted.every((k) => Object.hasOwn(spec.searchable, k))) {
    throw invalid({
      [SEARCH_IN_PARAM]: [`The selected search fields are invalid. Search in any of: ${keys.join(', ')}.`],
    });
  }
  return [...new Set(wanted)];
}

interface Order {
  orderBy: SQL[];
  reverse: SQL[];
}

const orders = new WeakMap<ListSpec, Map<string, Order>>();

/** The ORDER BY of a sort and its exact reverse (rendered once per spec, key and direction). */
function orderOf(spec: ListSpec, key: string, desc: boolean): Order {
  let memo = orders.get(spec);
  if (!memo) orders.set(spec, (memo = new Map<string, Order>()));
  const id = `${desc ? '-' : ''}${key}`;
  const known = memo.get(id);
  if (known) return known;
  const { expr, nullable } = spec.sortable[key];
  // Nulls stay last either way; a key that is never null needs no NULLS LAST, so `desc, id desc`
  // is exactly the (…, key, id) index read backwards.
  const forward = !desc
    ? [sql`${expr} asc`, sql`${spec.tiebreak} asc`]
    : [nullable ? sql`${expr} desc nulls last` : sql`${expr} desc`, sql`${spec.tiebreak} desc`];
  const reverse = !desc
    ? [sql`${expr} desc nulls first`, sql`${spec.tiebreak} desc`]
    : [nullable ? sql`${expr} asc nulls first` : sql`${expr} asc`, sql`${spec.tiebreak} asc`];
  const made = { orderBy: forward.map((part) => compiled(part)), reverse: reverse.map((part) => compiled(part)) };
  memo.set(id, made);
  return made;
}

export function planList(query: ListQueryValues, spec: ListSpec): ListPlan {
  const { key, desc } = parseSort(query.sort, spec);
  const searchIn = parseSearchIn(query.q_in, spec);
  const q = query.q?.trim() ?? '';
  const pattern = likePattern(q);
  const where = q
    ? sql`(${sql.join(
        searchIn.map((k) => sql`${spec.searchable[k]} ilike ${pattern}`),
        sql` or `,
      )})`
    : undefined;
  const paged = query.page !== undefined || query.per_page !== undefined;
  const perPage = paged ? (query.per_page ?? DEFAULT_PER_PAGE) : null;
  const page = paged ? (query.page ?? 1) : null;
  const order = orderOf(spec, key, desc);
  const offset = page && perPage ? (page - 1) * perPage : 0;
  return {
    where,
    orderBy: order.orderBy,
    reverseOrderBy: order.reverse,
    limit: perPage,
    offset,
    withMeta:
      paged ||
      query.sort !== undefined ||
      query.q !== undefined ||
      query.q_in !== undefined ||
      query.count !== undefined,
    page,
    perPage,
    // An unpaged list is counted whole anyway (it holds every row).
    countCap: perPage !== null && query.count === COUNT_CAPPED ? offset + perPage + COUNT_CAP : null,
    sortKey: key,
    searchKeys: q ? searchIn : [],
  };
}

/** A list's total; `more` when a capped count stopped at `total` (ListPlan.countCap). */
export interface ListTotal {
  total: number;
  more?: boolean;
}

/** `meta` of a list answer, or null when no list parameter was given. */
function metaOf(
  plan: ListPlan,
  { total, more }: ListTotal,
): { total: number; page?: number; per_page?: number; more?: true } | null {
  if (!plan.withMeta) return null;
  const meta = plan.page === null ? { total } : { total, page: plan.page, per_page: plan.perPage ?? DEFAULT_PER_PAGE };
  return more ? { ...meta, more: true } : meta;
}

/**
 * Sends `{ data, meta? }` around the rows' JSON as PostgreSQL wrote it: no parsing and serializing
 * again. The route still declares listResponse(row) for its documentation, and
 * tests/server/lists.test.ts checks every list's rows against that schema, key for key.
 */
export function sendList(
  reply: FastifyReply,
  plan: ListPlan,
  list: ListTotal & { json: string | Buffer },
): FastifyReply {
  const meta = metaOf(plan, list);
  const end = meta === null ? '}' : `,"meta":${JSON.stringify(meta)}}`;
  reply.type('application/json; charset=utf-8');
  if (typeof list.json === 'string') return reply.send(`{"data":${list.json}${end}`);
  // Bytes (a whole list read off the event loop, ./wholeLists.ts) are sent as they are: neither
  // decoded nor copied into one more ~8 MB buffer (docs/speed.md). Lent bytes go back once the response has
  // closed: sent, or its client gone.
  const bytes = list.json;
  if (reply.raw.destroyed) giveBack(bytes);
  else reply.raw.once('close', () => giveBack(bytes));
  const parts = [Buffer.from('{"data":'), bytes, Buffer.from(end)];
  return reply
    .header('content-length', String(parts.reduce((n, part) => n + part.length, 0)))
    .send(Readable.from(parts));
}

/** `{ data }`, or `{ data, meta }` when list parameters were given (rows that needed work in JS). */
export function answerList<T>(plan: ListPlan, rows: T[], total: ListTotal) {
  const meta = metaOf(plan, total);
  return meta === null ? { data: rows } : { data: rows, meta };
}
