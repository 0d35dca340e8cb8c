// Running the hot statements (list pages, the guard's token lookup) cheaply:
// - constant SQL fragments are rendered to text once (compiled()): drizzle would render every column
//   and nested fragment again on each query, a measurable share of a list request;
// - on a PostgreSQL server a statement is sent as a named prepared statement, so each connection
//   parses and plans it once instead of on every request.
// Named only where the session belongs to one connection: a PostgreSQL server ends a session's
// statements with its connection, which node-postgres tracks per client. Embedded PGlite is one
// session for every connection (a reconnect would meet its own earlier names), so it runs unnamed.
import { createHash } from 'node:crypto';
import { sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database';
import type { Conn } from './conn';
import { rowsOf } from './rows';

const dialect = new PgDialect();
/** compiled() fragments: their text and a short id (a cache key that needs no hashing of the text). */
const fragments = new WeakMap<SQL, { text: string; id: number }>();
let fragmentsMade = 0;
const namedOn = new WeakSet<object>();
/** SQL text → statement name. Capped: every connection keeps each named statement it has seen. */
const names = new Map<string, string>();
const MAX_NAMED = 200;

/** Renders a statement or fragment: text with $1…$n, and the parameters. */
export const render = (statement: SQL): Query => dialect.sqlToQuery(statement);

/**
 * A constant fragment rendered once to its text (see textOf). Only for fragments without
 * parameters (it refuses others: a value must stay a parameter).
 */
export function compiled<T>(fragment: SQL<T>): SQL<T> {
  const query = render(fragment);
  if (query.params.length > 0) throw new Error(`compiled(): the fragment has parameters: ${query.sql}`);
  const made = sql<T>`${sql.raw(query.sql)}`;
  fragments.set(made, { text: query.sql, id: fragmentsMade++ });
  return made;
}

/** The text and id of a compiled() fragment, or undefined for any other. */
export const fragmentOf = (fragment: SQL): { text: string; id: number } | undefined => fragments.get(fragment);

/** Statements on this database (a PostgreSQL server's pool) may be named. */
export function nameStatementsOn(db: Db): void {
  namedOn.add(db);
}

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `olympus_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  names.set(text, name);
  return name;
}

/**
 * How a statement runs. `planEach`: never named, so PostgreSQL plans it with each run's values. For a
 * statement whose best plan depends on a value: a named one gets a generic plan after five runs, and
 * for a search term unknown to it that plan may read a trigram index that a common term makes slow.
 */
export interface RunOptions {
  planEach?: boolean;
}

/** The rows (objects keyed by column name) of an already rendered statement. */
export async function rowsOfQuery<T>(db: Conn, query: Query, { planEach = false }: RunOptions = {}): Promise<T[]> {
  const name = namedOn.has(db) && !planEach ? nameOf(query.sql) : undefined;
  return rowsOf<T>(await db._.session.prepareQuery(query, undefined, name, false).execute());
}

/** The rows of a statement. */
export const rowsFrom = <T>(db: Conn, statement: SQL, options?: RunOptions): Promise<T[]> =>
  rowsOfQuery<T>(db, render(statement), options);
