// Whole (unpaged) lists are the heaviest statements Olympus runs: up to UNPAGED_LIST_MAX rows shaped
// into one JSON text of ~8 MB for 10 000 units. On a PostgreSQL server a big one runs in a worker
// thread (server/db/offThread.ts), on at most OFF_THREAD_CONNECTIONS connections at once, so the event
// loop keeps answering other requests meanwhile (docs/speed.md). A list whose last answer was small
// runs on the request's own pool as any other: handing a few kB to a worker and back costs more than
// it saves (measured: 28-unit whole lists 1 373 → 727 req/s when every one went off thread). Embedded
// PGlite and statements inside a transaction run as any other.
import type { Query } from 'drizzle-orm';
import { offThreadOf } from '../db/offThread';
import { rowsOfQuery } from '../db/statements';
import type { Conn } from './db';

/** A whole list answered in fewer bytes than this is read on the event loop next time. */
export const SMALL_WHOLE_LIST_BYTES = 256 * 1024;

/** Each whole-list statement's (text and values) last answer size in bytes; bounded. */
const lastSizes = new Map<string, number>();
const MAX_REMEMBERED = 1000;

const sizeOf = (rows: readonly Record<string, unknown>[], columns: readonly string[]) =>
  rows.reduce((n, row) => n + columns.reduce((m, c) => m + (Buffer.isBuffer(row[c]) ? (row[c] as Buffer).length : typeof row[c] === 'string' ? (row[c] as string).length : 0), 0), 0);

/** The rows of a whole-list statement; when read off the event loop, its `bytes` text columns come as UTF-8 Buffers. */
export async function wholeListRows<T>(db: Conn, query: Query, bytes: readonly string[]): Promise<T[]> {
  const offThread = offThreadOf(db);
  if (!offThread) return rowsOfQuery<T>(db, query);
  const key = `${query.sql}\n${JSON.stringify(query.params)}`;
  const last = lastSizes.get(key);
  const small = last !== undefined && last < SMALL_WHOLE_LIST_BYTES;
  const rows = small ? await rowsOfQuery<T>(db, query) : await offThread.rows<T>(query, bytes);
  if (lastSizes.size >= MAX_REMEMBERED && last === undefined) lastSizes.clear();
  lastSizes.set(key, sizeOf(rows as Record<string, unknown>[], bytes));
  return rows;
}
