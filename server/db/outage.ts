// Telling a database that cannot be reached from one that refused a statement, and noticing an
// outage once: requests answer 503 while it lasts, and the log gets one line when it begins and
// one when it ends rather than a stack trace per request (docs/security.md "Database outages").

/** Node's codes for a connection that could not be made or broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL's: the server shut down or crashed (57P01–57P03: admin_shutdown, crash_shutdown,
 * cannot_connect_now while it starts or stops), a connection failure (class 08), too many
 * connections (53300).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres' and pg-pool's own messages, which carry no code. */
const DRIVER_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client was closed and is not queryable',
  'Client has encountered a connection error and is not queryable',
];

function unreachableHere(err: Error): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
    return true;
  // node's AggregateError (IPv4 and IPv6 both refused) holds its reasons in `errors`.
  const parts = (err as { errors?: unknown }).errors;
  if (Array.isArray(parts) && parts.some((p) => p instanceof Error && unreachableHere(p))) return true;
  return DRIVER_MESSAGES.includes(err.message);
}

/** Whether `err` (or what it wraps: drizzle puts the driver's error in `cause`) says the database could not be reached. */
export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (unreachableHere(e)) return true;
  }
  return false;
}

/** The driver's own message: drizzle's wrapper says "Failed query: <statement> params: <values>". */
function rootMessage(err: Error): string {
  let root = err;
  for (let depth = 0; root.cause instanceof Error && depth < 5; depth++) root = root.cause;
  return root.message;
}

export type OutageEvent = { state: 'down'; error: Error } | { state: 'up'; downForMs: number };

/** Whether the database is in an outage, told by failures (down) and by a connection that worked again (up). */
export class DatabaseOutage {
  #since: number | null = null;
  /** When the database last came back from an outage; never, while it has had none. */
  #upSince = -Infinity;
  readonly #listeners: ((event: OutageEvent) => void)[] = [];

  get down(): boolean {
    return this.#since !== null;
  }

  /** How long the database has been reachable since its last outage (Infinity without one, 0 during one). */
  reachableForMs(): number {
    return this.#since === null ? Date.now() - this.#upSince : 0;
  }

  onChange(listener: (event: OutageEvent) => void): void {
    this.#listeners.push(listener);
  }

  /** A failure that reached no database: the first of an outage is reported, the rest are not. */
  failed(error: Error): void {
    if (this.#since !== null) return;
    this.#since = Date.now();
    this.#emit({ state: 'down', error });
  }

  /**
   * The database answered (a connection was made, or a statement came back), `sentAt` being when it
   * was asked. An answer to what was asked before the outage began says nothing of now: a restart
   * breaks the pool's connections one after another while statements sent just before still come
   * back, which would otherwise end and begin the outage again several times within milliseconds.
   */
  answered(sentAt?: number): void {
    if (this.#since === null || (sentAt !== undefined && sentAt <= this.#since)) return;
    const downForMs = Date.now() - this.#since;
    this.#since = null;
    this.#upSince = Date.now();
    this.#emit({ state: 'up', downForMs });
  }

  #emit(event: OutageEvent): void {
    if (this.#listeners.length === 0)
      console.error(
        event.state === 'down'
          ? `The database is not reachable: ${rootMessage(event.error)}`
          : 'The database is reachable again',
      );
    for (const listener of this.#listeners) listener(event);
  }
}
