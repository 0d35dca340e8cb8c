// Whole (unpaged) lists are the heaviest statements Olympus runs: up to UNPAGED_LIST_MAX rows shaped
// into one JSON text of ~8 MB for 10 000 units. On a PostgreSQL server they run in a worker thread
// (server/db/offThread.ts), on at most OFF_THREAD_CONNECTIONS connections at once, so the event loop
// keeps answering other requests meanwhile (docs/speed.md). Embedded PGlite and statements
// inside a transaction run as any other.
import type { Query } from 'drizzle-orm';
import { offThreadOf } from '../db/offThread';
import { rowsOfQuery } from '../db/statements';
import type { Conn } from './db';

/** The rows of a whole-list statement; off the event loop, its `bytes` text columns come as UTF-8 Buffers. */
export function wholeListRows<T>(db: Conn, query: Query, bytes: readonly string[]): Promise<T[]> {
  const offThread = offThreadOf(db);
  return offThread ? offThread.rows<T>(query, bytes) : rowsOfQuery<T>(db, query);
}
