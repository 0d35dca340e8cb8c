// Whole (unpaged) lists are the heaviest statements Olympus runs: up to UNPAGED_LIST_MAX rows shaped
// into one JSON text of ~8 MB for 10 000 units. On a PostgreSQL server a big one runs in a worker
// thread (server/db/offThread.ts), on at most OFF_THREAD_CONNECTIONS connections at once, so the event
// loop keeps answering other requests meanwhile (docs/speed.md). A list whose last answer was small
// runs on the request's own pool as any other: handing a few kB to a worker and back costs more than
// it saves (measured: 28-unit whole lists 1 373 → 727 req/s when every one went off thread). On the
// embedded database a big one runs in PGlite's own worker while the request holds its one session
// (server/db/pgliteAnswers.ts). Statements inside a transaction run as any other.
//
// Bounded (docs/security.md "Unbounded work"): a caller has at most WHOLE_LISTS_PER_CALLER whole
// lists in flight, then 429; the worker's queue is bounded and its waits have a deadline, then 503;
// a list whose request was closed is dropped from the queue or cancelled in PostgreSQL.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Query } from 'drizzle-orm';
import { OffThreadAbortedError, OffThreadBusyError, offThreadOf } from '../db/offThread';
import { rowsOfQuery, type RunOptions } from '../db/statements';
import { ApiError, tooMany, unavailable } from '../errors';
import { TIMEOUT_MESSAGE } from '../http/errors-plugin';
import type { Conn } from '../db/conn';

/** A whole list answered in fewer bytes than this is read on the event loop next time. */
export const SMALL_WHOLE_LIST_BYTES = 256 * 1024;

/**
 * Whole lists one caller (a user, or a client address without a sign-in) may have in flight at
 * once, running or waiting, on any engine; one more answers 429 at once. Three: a list screen, an
 * export and a second tab, while one caller alone can never fill the worker's queue
 * (OFF_THREAD_QUEUE_MAX).
 */
export const WHOLE_LISTS_PER_CALLER = 3;

/** Retry-After (seconds) of a caller's list refused by WHOLE_LISTS_PER_CALLER. */
export const PER_CALLER_RETRY_AFTER_S = 1;

export const TOO_MANY_WHOLE_LISTS =
  'Too many whole lists at once. Please wait for your other lists to finish; for a long list, ask for it page by page (page and per_page).';
export const WHOLE_LISTS_BUSY =
  'The server is busy reading other long lists. Please try again in a moment; for a long list, ask for it page by page (page and per_page).';

/** HTTP has no status for it; nginx's "client closed request". Nobody reads it: it is for the log. */
export const CLIENT_CLOSED = 499;

/** Who asks for a whole list and whether they still wait for it. */
export interface WholeListOptions {
  /** The per-caller key (WHOLE_LISTS_PER_CALLER); none: not counted. */
  caller?: string;
  /** Aborts when the request is closed before its answer was sent. */
  signal?: AbortSignal;
}

/**
 * The caller (user id, or the client address when unauthenticated) and a signal that aborts when
 * the client closes the connection before the answer was sent.
 */
export function wholeListContext(req: FastifyRequest, reply: FastifyReply): WholeListOptions {
  const controller = new AbortController();
  const res = reply.raw;
  // 'close' follows the end of every response; before its end, the client has gone.
  if (res.destroyed && !res.writableEnded) controller.abort();
  else res.once('close', () => res.writableEnded || controller.abort());
  return { caller: req.auth ? `user:${req.auth.userId}` : `ip:${req.ip}`, signal: controller.signal };
}

/** Each caller's whole lists in flight; a caller without any is not kept. */
const inFlight = new Map<string, number>();

/** Whole lists `caller` has in flight now (tests). */
export const wholeListsInFlight = (caller: string): number => inFlight.get(caller) ?? 0;

/** Each whole-list statement's (text and values) last answer size in bytes; bounded. */
const lastSizes = new Map<string, number>();
const MAX_REMEMBERED = 1000;

const sizeOf = (rows: readonly Record<string, unknown>[], columns: readonly string[]) =>
  rows.reduce(
    (n, row) =>
      n +
      columns.reduce(
        (m, c) =>
          m +
          (Buffer.isBuffer(row[c])
            ? (row[c] as Buffer).length
            : typeof row[c] === 'string'
              ? (row[c] as string).length
              : 0),
        0,
      ),
    0,
  );

const closed = () => new ApiError(CLIENT_CLOSED, 'The request was closed before its list was read.');

/**
 * The rows of a whole-list statement; when read off the event loop, its `bytes` text columns come as
 * UTF-8 Buffers. `query` may be given as a function: a refused list is then never rendered (a burst
 * of refusals stays cheap for the event loop).
 */
export async function wholeListRows<T>(
  db: Conn,
  query: Query | (() => Query),
  bytes: readonly string[],
  { caller, signal }: WholeListOptions = {},
  run?: RunOptions,
): Promise<T[]> {
  if (signal?.aborted) throw closed();
  if (caller !== undefined) {
    const mine = inFlight.get(caller) ?? 0;
    if (mine >= WHOLE_LISTS_PER_CALLER) throw tooMany(PER_CALLER_RETRY_AFTER_S, TOO_MANY_WHOLE_LISTS);
    inFlight.set(caller, mine + 1);
  }
  try {
    return await readWholeList<T>(db, typeof query === 'function' ? query() : query, bytes, signal, run);
  } catch (err) {
    if (err instanceof OffThreadBusyError)
      throw unavailable(err.retryAfterSeconds, err.reason === 'full' ? WHOLE_LISTS_BUSY : TIMEOUT_MESSAGE);
    if (err instanceof OffThreadAbortedError) throw closed();
    throw err;
  } finally {
    // Freed once the statement has really ended (a cancelled one too: OffThreadQueries.rows settles then).
    if (caller !== undefined) {
      const left = (inFlight.get(caller) ?? 1) - 1;
      if (left > 0) inFlight.set(caller, left);
      else inFlight.delete(caller);
    }
  }
}

async function readWholeList<T>(
  db: Conn,
  query: Query,
  bytes: readonly string[],
  signal: AbortSignal | undefined,
  run?: RunOptions,
): Promise<T[]> {
  const offThread = offThreadOf(db);
  if (!offThread) return rowsOfQuery<T>(db, query, run);
  const key = `${query.sql}\n${JSON.stringify(query.params)}`;
  const last = lastSizes.get(key);
  const small = last !== undefined && last < SMALL_WHOLE_LIST_BYTES;
  const rows = small ? await rowsOfQuery<T>(db, query, run) : await offThread.rows<T>(query, bytes, { signal });
  if (lastSizes.size >= MAX_REMEMBERED && last === undefined) lastSizes.clear();
  lastSizes.set(key, sizeOf(rows as Record<string, unknown>[], bytes));
  return rows;
}
