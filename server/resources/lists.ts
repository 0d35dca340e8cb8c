// Lists (SPEC §4, DESIGN §6): the whole array by default, for client-side filtering; optional
// `page`, `per_page`, `sort` and `q` let a big list be paged by the server, answered with
// `meta: { total }`. Each resource says which keys sort and what `q` searches.
import { Type, type TSchema } from 'typebox';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { invalid } from '../errors';
import { likePattern } from './db';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 500;

export const listQueryProperties = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Page number (1-based); turns on paging' })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, description: `Rows per page (default ${DEFAULT_PER_PAGE})` })),
  sort: Type.Optional(Type.String({ maxLength: 64, description: 'A sortable field; prefix "-" (or suffix ":desc") for descending' })),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive search' })),
};
export const ListQuery = Type.Object(listQueryProperties);

export interface ListQueryValues {
  page?: number;
  per_page?: number;
  sort?: string;
  q?: string;
}

export const ListMeta = Type.Object({
  total: Type.Integer(),
  page: Type.Optional(Type.Integer()),
  per_page: Type.Optional(Type.Integer()),
});

export const listResponse = <T extends TSchema>(row: T) => Type.Object({ data: Type.Array(row), meta: Type.Optional(ListMeta) });

export interface ListPlan {
  /** The search condition, or undefined when there is no `q`. */
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number | null;
  offset: number;
  /** True when any list parameter was given: answer `meta`. */
  withMeta: boolean;
  page: number | null;
  perPage: number | null;
}

export interface ListSpec {
  /** Sort key → SQL expression. The first key is the default sort. */
  sortable: Record<string, SQL>;
  /** What `q` matches (case-insensitive substring): text expressions. */
  searchable: SQLWrapper[];
  /** A unique tiebreaker so pages never overlap. */
  tiebreak: SQL;
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
  if (!Object.hasOwn(spec.sortable, key)) throw invalid({ sort: [`The selected sort is invalid. Sort by one of: ${keys.join(', ')}.`] });
  return { key, desc };
}

export function planList(query: ListQueryValues, spec: ListSpec): ListPlan {
  const { key, desc } = parseSort(query.sort, spec);
  const q = query.q?.trim() ?? '';
  const where = q ? sql`(${sql.join(
    spec.searchable.map((col) => sql`${col} ilike ${likePattern(q)}`),
    sql` or `,
  )})` : undefined;
  const paged = query.page !== undefined || query.per_page !== undefined;
  const perPage = paged ? (query.per_page ?? DEFAULT_PER_PAGE) : null;
  const page = paged ? (query.page ?? 1) : null;
  return {
    where,
    orderBy: [desc ? sql`${spec.sortable[key]} desc nulls last` : sql`${spec.sortable[key]} asc nulls last`, spec.tiebreak],
    limit: perPage,
    offset: page && perPage ? (page - 1) * perPage : 0,
    withMeta: paged || query.sort !== undefined || query.q !== undefined,
    page,
    perPage,
  };
}

/** `{ data }`, or `{ data, meta }` when list parameters were given. */
export async function answerList<T>(plan: ListPlan, rows: T[], count: () => Promise<number>) {
  if (!plan.withMeta) return { data: rows };
  // Without paging the rows are the whole (searched) list; with it, count separately.
  const total = plan.limit === null ? rows.length : await count();
  return {
    data: rows,
    meta: plan.page === null ? { total } : { total, page: plan.page, per_page: plan.perPage ?? DEFAULT_PER_PAGE },
  };
}

/** Case-insensitive text sort that puts "b" after "A". */
export const lowerOf = (expr: SQLWrapper) => sql`lower(${expr})`;
