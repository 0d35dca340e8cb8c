// What an unexpected error leaves in the log: its kind, code and message, never a query's values.
// drizzle's DrizzleQueryError carries the statement and its parameters (a token hash, a password
// hash, a user's text) in `params`, in its message and so in its stack; a PostgreSQL error's
// `detail` and some of its messages quote the offending value. None of that is logged.
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnreachable, type DatabaseOutage } from '../db/outage';

/** A database error's own fields (node-postgres' and PGlite's DatabaseError both have them). */
interface DbErrorFields {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  dataType?: unknown;
  routine?: unknown;
}

export interface LoggedError {
  type: string;
  message?: string;
  code?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
  routine?: string;
  /** The stack's frames only: the first line of a stack repeats the message. */
  stack?: string;
  cause?: LoggedError;
}

const isQueryError = (err: Error) => 'params' in err && 'query' in err;
const isDatabaseError = (err: Error) =>
  typeof (err as DbErrorFields).code === 'string' && typeof (err as DbErrorFields).severity === 'string';

/** `invalid input syntax for type uuid: "abc"` → `…: "…"`: PostgreSQL quotes the value last. */
const withoutQuotedValue = (message: string) =>
  message.replace(/: ".*"$/s, ': "…"').replace(/: 0x[0-9a-f ]+$/i, ': 0x…');

const framesOf = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n') || undefined;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** A loggable summary of `err` and its causes (at most a few levels). */
export function loggableError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err };
  const out: LoggedError = { type: err.constructor?.name || err.name };
  if (isDatabaseError(err)) {
    const f = err as Error & DbErrorFields;
    out.message = withoutQuotedValue(err.message);
    out.code = text(f.code);
    out.table = text(f.table);
    out.column = text(f.column);
    out.constraint = text(f.constraint);
    out.dataType = text(f.dataType);
    out.routine = text(f.routine);
  } else if (isQueryError(err)) {
    // Its message is the statement and the parameters: the cause says what went wrong.
    out.message = 'A database query failed.';
  } else {
    out.message = err.message;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string') out.code = code;
  }
  out.stack = framesOf(err.stack);
  if (err.cause !== undefined && depth < 4) out.cause = loggableError(err.cause, depth + 1);
  return out;
}

/** The SQLSTATE of a database error, looking through drizzle's wrapper and other causes. */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (isDatabaseError(e)) return (e as DbErrorFields).code as string;
  }
  return undefined;
}

/** `loggableError` without the frames: for failures that are expected (a database gone away) and need no stack. */
export function briefError(err: unknown): LoggedError {
  const strip = (e: LoggedError): LoggedError => {
    const { stack: _stack, cause, ...rest } = e;
    return cause ? { ...rest, cause: strip(cause) } : rest;
  };
  return strip(loggableError(err));
}

/** Where a failure outside any request is logged, and where an outage is told. */
export interface JobLog {
  log: Pick<FastifyBaseLogger, 'error'>;
  outage: Pick<DatabaseOutage, 'failed'>;
}

/**
 * A failure of work no request waits for (a timer, a background job), by the work's name: a database
 * that cannot be reached is the outage's one line (server/db/outage.ts), not a line per job; anything
 * else is logged as `loggableError` has it, never the raw error (whose message holds the statement
 * and its parameters).
 */
export function logJobFailure(to: JobLog, operation: string, err: unknown, more: Record<string, unknown> = {}): void {
  if (err instanceof Error && isDatabaseUnreachable(err)) {
    to.outage.failed(err);
    return;
  }
  to.log.error({ operation, ...more, error: loggableError(err) }, `${operation} failed`);
}

/**
 * The logger's `err` serializer (pino's shape: type, message, stack): whatever logs a raw error gets `loggableError`.
 */
export function errSerializer(err: unknown): { [key: string]: unknown; type: string; message: string; stack: string } {
  const e = loggableError(err);
  return { ...e, message: e.message ?? '', stack: e.stack ?? '' };
}
