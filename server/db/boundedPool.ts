// node-postgres pools whose every wait is bounded, so a database that stops answering (frozen, or
// cut off by the network) fails a request within a known time instead of holding it for ever
// (README "Configuration", docs/security.md "Database outages"). The off-thread worker loads it
// too (server/db/offThreadWorker.ts): keep its imports light.
import pg from 'pg';
import { isDatabaseUnreachable } from './outage';

/** Connecting a new connection, or waiting for a pooled one, gives up after this long (OLYMPUS_DB_CONNECT_TIMEOUT_MS).
 */
export const CONNECT_TIMEOUT_MS = 4_000;

/**
 * How long past the statement timeout the client still waits for an answer: the server's own
 * cancellation (57014) normally arrives first; past this, the server is not answering at all.
 */
export const QUERY_TIMEOUT_GRACE_MS = 1_000;

export interface PoolLimits {
  /** PostgreSQL cancels a statement running longer (sent with each connection's start-up). */
  statementTimeoutMs: number;
  connectTimeoutMs: number;
}

/** The longest a request waits on one statement: for a connection, then for its answer. */
export const longestWaitMs = (limits: PoolLimits) =>
  limits.connectTimeoutMs + limits.statementTimeoutMs + QUERY_TIMEOUT_GRACE_MS;

const READ_TIMEOUT = 'Query read timeout';

/** Told of every connection and statement: whether the database answered (server/db/outage.ts). */
export interface AnswerWatch {
  /** `sentAt`: when the connection or statement was asked for. */
  answered(sentAt?: number): void;
  failed(err: Error, sentAt?: number): void;
}

/**
 * Clients that close themselves when a statement got no answer in time. node-postgres only stops
 * waiting: the connection would keep the statement in flight, and the next statement on it (a
 * transaction's rollback, the next request given the connection) would wait behind it again.
 */
function boundedClient(watch: AnswerWatch | undefined): typeof pg.Client {
  const outcome = (err: unknown, sentAt: number) => {
    if (err instanceof Error && isDatabaseUnreachable(err)) watch?.failed(err, sentAt);
    // An error PostgreSQL sent (it has a severity: a unique violation, a cancelled statement) is an answer too.
    else if (!err || typeof (err as { severity?: unknown }).severity === 'string') watch?.answered(sentAt);
  };
  return class BoundedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // A connection that breaks while checked out (the server stopped) fails its statements, which
      // report it; pg-pool listens only while the client is idle, and an 'error' with no listener
      // would end the process.
      this.on('error', () => {});
    }

    // `any`: node-postgres' connect() and query() have several overloads (callback or promise,
    // config object or text); the arguments pass through untouched, only the outcome is looked at.
    /* eslint-disable @typescript-eslint/no-explicit-any -- see above */
    override connect(...args: any[]): any {
      return this.#watched(super.connect as (...a: any[]) => unknown, args, outcome);
    }

    override query(...args: any[]): any {
      return this.#watched(super.query as (...a: any[]) => unknown, args, (err, sentAt) => {
        outcome(err, sentAt);
        // end() destroys the socket when a statement is in flight, so it returns at once even from
        // a frozen server; pg-pool drops an ended client when it is released.
        if (err instanceof Error && err.message === READ_TIMEOUT) queueMicrotask(() => void this.end().catch(() => {}));
      });
    }

    #watched(call: (...a: any[]) => unknown, args: any[], after: (err: unknown, sentAt: number) => void): unknown {
      const sentAt = Date.now();
      const last = args.length - 1;
      const callback: unknown = args[last];
      if (typeof callback === 'function') {
        args[last] = (err: unknown, ...rest: unknown[]) => {
          after(err, sentAt);
          return (callback as (...a: unknown[]) => unknown)(err, ...rest);
        };
      }
      const result = call.apply(this, args);
      if (result instanceof Promise)
        result.then(
          () => after(null, sentAt),
          (err: unknown) => after(err, sentAt),
        );
      return result;
    }
    /* eslint-enable @typescript-eslint/no-explicit-any */
  };
}

/** A pool on `url` with `max` connections, every wait bounded by `limits`, each outcome told to `watch`. */
export function boundedPool(
  url: string,
  max: number,
  limits: PoolLimits,
  opts: { watch?: AnswerWatch; extra?: Omit<pg.PoolConfig, 'connectionString' | 'max'> } = {},
): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max,
    // 0: no statement timeout, and no wait for an answer bounded either.
    statement_timeout: limits.statementTimeoutMs > 0 ? limits.statementTimeoutMs : undefined,
    query_timeout: limits.statementTimeoutMs > 0 ? limits.statementTimeoutMs + QUERY_TIMEOUT_GRACE_MS : undefined,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // An idle connection to a host that vanished (a network partition) is noticed and dropped.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...opts.extra,
    Client: boundedClient(opts.watch),
  });
}
