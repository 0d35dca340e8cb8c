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

/** Whether `err` (or what it wraps: drizzle puts the driver's error in `cause`) says the database could not be reached.
 */
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

/**
 * How long the database must keep answering, from the first answer after an outage, before the outage
 * is over: a restart ends the pool's connections one by one over some milliseconds, and a backend not
 * yet told to stop may still answer in between.
 */
export const OUTAGE_SETTLE_MS = 1_000;

/** Whether the database is in an outage, told by failures (down) and by a connection that worked again (up). */
export class DatabaseOutage {
  #since: number | null = null;
  /** The first answer since the outage began, while it is being confirmed (`settleMs`). */
  #backAt: number | null = null;
  #settle: NodeJS.Timeout | null = null;
  /** When the database last came back from an outage; never, while it has had none. */
  #upSince = -Infinity;
  readonly #listeners: ((event: OutageEvent) => void)[] = [];
  /** The failures already judged, so that one told again through a wrapper counts once. */
  readonly #told = new WeakSet<Error>();

  constructor(readonly settleMs = OUTAGE_SETTLE_MS) {}

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

  /**
   * A failure that reached no database: the first of an outage is reported, the rest are not; one while
   * the database's return is being confirmed means it has not returned. A failure of what was asked
   * (`sentAt`) before the database came back says nothing of now (a connection asked for while it was
   * starting answers 57P03 after it is up). The pool's watch sees a failure first, with its time; a
   * request or a job telling the same error again (drizzle wraps it as the cause) changes nothing.
   */
  failed(error: Error, sentAt?: number): void {
    if (this.#wasTold(error)) return;
    this.#told.add(error);
    if (sentAt !== undefined && sentAt <= (this.#backAt ?? this.#upSince)) return;
    if (this.#since !== null) {
      this.#notBack();
      return;
    }
    this.#since = Date.now();
    this.#emit({ state: 'down', error });
  }

  #wasTold(err: Error): boolean {
    for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
      if (this.#told.has(e)) return true;
    return false;
  }

  /**
   * The database answered (a connection was made, or a statement came back), `sentAt` being when it
   * was asked. An answer to what was asked before the outage began says nothing of now. The outage
   * ends once no failure came for `settleMs` after this answer, and lasted until it.
   */
  answered(sentAt?: number): void {
    if (this.#since === null || this.#backAt !== null || (sentAt !== undefined && sentAt <= this.#since)) return;
    this.#backAt = Date.now();
    this.#settle = setTimeout(() => this.#back(), this.settleMs);
    // Confirming the end of an outage must not keep the process alive.
    this.#settle.unref();
  }

  #notBack(): void {
    if (this.#settle) clearTimeout(this.#settle);
    this.#settle = null;
    this.#backAt = null;
  }

  #back(): void {
    if (this.#since === null || this.#backAt === null) return;
    const downForMs = this.#backAt - this.#since;
    this.#upSince = this.#backAt;
    this.#since = null;
    this.#backAt = null;
    this.#settle = null;
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
