// What the server sees of its database, whichever engine and driver runs it, and the node-postgres
// flavour of it (a PostgreSQL server, or the PGlite worker's socket).
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './tables';
import { DatabaseOutage, isDatabaseUnreachable } from './outage';

export type Schema = typeof schema;
/** Either driver's database: both are PgDatabase with our schema. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** The engine: embedded PGlite (in this thread or in a worker) or a PostgreSQL server. */
  kind: 'pglite' | 'postgres';
  /** The drizzle driver behind `db`: PGlite's own (in this thread) or node-postgres (everything else). */
  driver: 'pglite' | 'node-postgres';
  /** Whether the database answers now (readiness): false when it fails or takes too long. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Failures outside any request (the PGlite worker crashed, an idle connection broke), so the
   * server can log them. Without a listener they go to stderr.
   */
  onError(listener: (err: Error) => void): void;
  /** Whether the database can be reached now; each outage is told once as it begins and once as it ends. */
  outage: DatabaseOutage;
}

/**
 * Longest a single statement may run on a PostgreSQL server before the server cancels it (SQLSTATE
 * 57014, answered 503 by server/http/errors-plugin.ts): a runaway query must not hold a connection
 * and a CPU for ever. Embedded PGlite cannot enforce it (no timers in WebAssembly); its worker thread
 * keeps the server answering instead.
 */
export const STATEMENT_TIMEOUT_MS = 15_000;

/** A readiness probe must answer, not hang behind a stuck database (or an unreachable host). */
export const PING_TIMEOUT_MS = 5_000;

export function errorListeners(): { add(listener: (err: Error) => void): void; emit(err: Error): void } {
  const listeners: ((err: Error) => void)[] = [];
  return {
    add: (listener) => void listeners.push(listener),
    emit: (err) => {
      if (listeners.length === 0) console.error(err);
      for (const listener of listeners) listener(err);
    },
  };
}

/** `select 1` within PING_TIMEOUT_MS. */
export async function pingPool(pool: pg.Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([pool.query('select 1').then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Drizzle on a node-postgres pool; `close` ends the pool (and `extra.close` what stands behind it). */
export function nodePostgresDatabase(
  pool: pg.Pool,
  kind: Database['kind'],
  extra: {
    ping?: () => Promise<boolean>;
    close?: () => Promise<void>;
    errors?: ReturnType<typeof errorListeners>;
    outage?: DatabaseOutage;
  } = {},
): Database {
  const errors = extra.errors ?? errorListeners();
  const outage = extra.outage ?? new DatabaseOutage();
  // An idle client that breaks (server restart, PGlite worker gone) is reported on the pool; with
  // no listener node would throw it and end the process. A stopped server breaks every idle
  // connection at once: that is one outage, not one failure per connection.
  pool.on('error', (err) => (isDatabaseUnreachable(err) ? outage.failed(err) : errors.emit(err)));
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind,
    driver: 'node-postgres',
    ping: extra.ping ?? (() => pingPool(pool)),
    close: async () => {
      try {
        await pool.end();
      } finally {
        await extra.close?.();
      }
    },
    onError: errors.add,
    outage,
  };
}
