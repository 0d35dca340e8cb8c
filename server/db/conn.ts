// Database helpers shared by the resource modules.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '.';

/** A transaction handle: the callback of db.transaction receives one (PGlite: never use the outer db inside). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: query helpers accept both. */
export type Conn = Db | Tx;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * Many values as one PostgreSQL array literal, sent as a single parameter: a list of a thousand ids as
 * `$1, …, $1000` costs drizzle and the driver a walk over each parameter, several ms per statement of a
 * bulk change (docs/speed.md). Each value is quoted as an array element, so any text is safe.
 */
const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** A `uuid[]` of already checked uuids, as one parameter (an empty one too). */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${arrayLiteral(ids)}::uuid[]`;
}

/** `column = any(…)` of many values as one array parameter, typed as the column is. */
export function anyOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${arrayLiteral(values)}::${sql.raw(column.getSQLType())}[])`;
}

/** Escapes LIKE wildcards (backslash is PostgreSQL's default escape) so "50%" matches only "50%". */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `%q%` for a case-insensitive substring search. */
export const likePattern = (q: string) => `%${escapeLike(q)}%`;

interface PgErrorish {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** SQLSTATE and constraint of a driver error; drizzle (0.44+) wraps it in `cause`. */
export function pgError(err: unknown): { code: string | null; constraint: string | null } {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const x = e as PgErrorish;
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) {
      return { code: x.code, constraint: typeof x.constraint === 'string' ? x.constraint : null };
    }
    e = x.cause;
  }
  return { code: null, constraint: null };
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** A foreign key `on delete restrict` refusing a delete. */
export const RESTRICT_VIOLATION = '23001';
/** Whether a driver error is a foreign key refusing the write (either code). */
export const isForeignKeyError = (err: unknown) =>
  [FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION].includes(pgError(err).code ?? '');
