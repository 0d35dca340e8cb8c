// A logical backup of the whole database, the same for PGlite and PostgreSQL (README "Backups and
// durability"): every table of the `public` schema, read in one REPEATABLE READ transaction (one
// snapshot, so it is consistent while Olympus keeps writing), written as gzipped JSON lines:
//
//   {"format":"olympus-backup","version":1,…header: migrations, tables in load order, sequences}
//   {"table":"companies"}            then one line per row: a JSON array of the columns' text forms
//   ["4f6c…","Own Lettings",null,…]
//   {"end":{"rows":{"companies":2,…}}}   the last line: a file without it is incomplete
//
// Values travel as PostgreSQL's own text form of each type (fixed date and number styles below), so
// the restore (restore.ts) casts them back to the very same values on either engine. The sealed secrets
// travel sealed: the key never goes into a backup.
import { closeSync, createWriteStream, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';

export const BACKUP_FORMAT = 'olympus-backup';
export const BACKUP_VERSION = 1;
/** Rows read per FETCH of the dump's cursor. */
const FETCH_ROWS = 1000;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created_at: string;
  engine: 'pglite' | 'postgres';
  server_version: string;
  /** drizzle.__drizzle_migrations: the schema the rows belong to (restore replays exactly these first). */
  migrations: { hash: string; created_at: number }[];
  /** The sealed check constant (server/secrets/prepare.ts): a restore tests the key against it before writing. */
  secret_key_check: string | null;
  /** In load order: a table comes after every table it references. */
  tables: { name: string; columns: string[] }[];
  sequences: { name: string; last_value: string; is_called: boolean }[];
}

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  ms: number;
  /** The header's secret_key_check: the backup holds sealed secrets when set. */
  secretKeyCheck: string | null;
}

/** Session settings of both the dump and the restore, so every value's text form reads back the same. */
export const TEXT_SETTINGS: readonly SQL[] = [
  sql`set local timezone = 'UTC'`,
  sql`set local datestyle = 'ISO, YMD'`,
  sql`set local intervalstyle = 'postgres'`,
  sql`set local extra_float_digits = 3`,
  sql`set local bytea_output = 'hex'`,
];

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Both drivers answer `{ rows }` (server/secrets/prepare.ts). */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One JSON text answered by a catalog query, parsed. */
async function jsonOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T> {
  const [row] = await rowsOf<{ j: string }>(db, query);
  return JSON.parse(row.j) as T;
}

/**
 * The tables of `public` with their stored columns (generated ones are computed again on insert), in an
 * order where each comes after the tables its foreign keys reference.
 */
async function tablesInLoadOrder(db: Pick<Db, 'execute'>): Promise<BackupHeader['tables']> {
  const tables = await jsonOf<{ name: string; columns: string[] }[]>(
    db,
    sql`select coalesce(json_agg(json_build_object(
          'name', c.relname,
          'columns', (select json_agg(a.attname order by a.attnum) from pg_attribute a
                      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '')
        ) order by c.relname), '[]')::text as j
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and (c.relkind = 'p' or (c.relkind = 'r' and not c.relispartition))`,
  );
  const references = await jsonOf<{ from: string; to: string }[]>(
    db,
    sql`select coalesce(json_agg(json_build_object('from', f.relname, 'to', t.relname)), '[]')::text as j
        from pg_constraint k
        join pg_class f on f.oid = k.conrelid join pg_namespace n on n.oid = f.relnamespace
        join pg_class t on t.oid = k.confrelid
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  // Rows are loaded in the order they are read, so a table referencing itself (or a cycle) would need
  // its rows ordered too. None does; should one appear, the backup test fails here, not a restore.
  const self = references.find((r) => r.from === r.to);
  if (self)
    throw new Error(
      `The table ${self.from} references itself: the backup cannot order its rows yet (server/backups/dump.ts).`,
    );
  const ordered: BackupHeader['tables'] = [];
  const placed = new Set<string>();
  let rest = tables;
  while (rest.length) {
    const ready = rest.filter((t) => references.every((r) => r.from !== t.name || placed.has(r.to)));
    if (!ready.length)
      throw new Error(
        `The tables ${rest.map((t) => t.name).join(', ')} reference each other in a cycle: the backup cannot order them (server/backups/dump.ts).`,
      );
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
    rest = rest.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

async function readHeader(db: Pick<Db, 'execute'>, engine: BackupHeader['engine']): Promise<BackupHeader> {
  const [{ version }] = await rowsOf<{ version: string }>(db, sql`select current_setting('server_version') as version`);
  const [{ migrated, checked }] = await rowsOf<{ migrated: boolean; checked: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as migrated, to_regclass('public.secret_key_check') is not null as checked`,
  );
  const migrations = migrated
    ? (
        await rowsOf<{ hash: string; created_at: string }>(
          db,
          sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at`,
        )
      ).map((m) => ({ hash: m.hash, created_at: Number(m.created_at) }))
    : [];
  const [check] = checked
    ? await rowsOf<{ sealed: string }>(db, sql`select sealed from public.secret_key_check where id = 1`)
    : [];
  const sequenceNames = await jsonOf<string[]>(
    db,
    sql`select coalesce(json_agg(c.relname order by c.relname), '[]')::text as j
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'`,
  );
  const sequences: BackupHeader['sequences'] = [];
  for (const name of sequenceNames) {
    // Sequences stand outside the snapshot, but read now they are at least as far as any row it holds.
    const [s] = await rowsOf<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${sql.raw(`public.${quoteIdent(name)}`)}`,
    );
    sequences.push({ name, last_value: s.last_value, is_called: s.is_called });
  }
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    engine,
    server_version: version,
    migrations,
    secret_key_check: check?.sealed ?? null,
    tables: await tablesInLoadOrder(db),
    sequences,
  };
}

/** Flushes a file (or directory) to disk. */
export function fsyncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a backup of `db` to `file` (which must not exist yet): first to `<file>.partial` (mode 600:
 * it holds password hashes and sealed secrets), flushed, then renamed, so `file` is only ever whole.
 */
export async function writeBackup(db: Db, engine: BackupHeader['engine'], file: string): Promise<BackupSummary> {
  const started = performance.now();
  if (existsSync(file)) throw new Error(`${file} already exists; choose another file or remove it first.`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  // Surfaced by `written` below; without a listener here an early failure would be unhandled.
  written.catch(() => {});
  const write = async (value: unknown) => {
    if (!gzip.write(JSON.stringify(value) + '\n')) await once(gzip, 'drain');
  };
  let tables = 0;
  let total = 0;
  let secretKeyCheck: string | null = null;
  try {
    await db.transaction(
      async (tx) => {
        for (const setting of TEXT_SETTINGS) await tx.execute(setting);
        const header = await readHeader(tx, engine);
        await write(header);
        const counts: Record<string, number> = {};
        for (const table of header.tables) {
          await write({ table: table.name });
          const columns = table.columns.map((c) => `${quoteIdent(c)}::text`).join(', ');
          await tx.execute(
            sql.raw(
              `declare olympus_backup no scroll cursor for select to_json(array[${columns}])::text as r from public.${quoteIdent(table.name)}`,
            ),
          );
          let count = 0;
          for (;;) {
            const rows = await rowsOf<{ r: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from olympus_backup`));
            for (const row of rows) {
              // Already JSON, as PostgreSQL wrote it: no parse and stringify per row.
              if (!gzip.write(row.r + '\n')) await once(gzip, 'drain');
            }
            count += rows.length;
            if (rows.length < FETCH_ROWS) break;
          }
          await tx.execute(sql`close olympus_backup`);
          counts[table.name] = count;
          total += count;
        }
        await write({ end: { rows: counts } });
        tables = header.tables.length;
        secretKeyCheck = header.secret_key_check;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await written;
    fsyncPath(partial);
    renameSync(partial, file);
    fsyncPath(path.dirname(path.resolve(file)));
  } catch (err) {
    gzip.destroy();
    await written.catch(() => {});
    rmSync(partial, { force: true });
    throw err;
  }
  return {
    file,
    bytes: statSync(file).size,
    tables,
    rows: total,
    ms: Math.round(performance.now() - started),
    secretKeyCheck,
  };
}
