// Restores a backup written by dump.ts into an EMPTY database (README "Backups and durability"), PGlite
// or PostgreSQL, whichever engine took it. In one transaction: the migrations the backup's rows belong
// to, then the rows table by table in the backup's order (referenced tables first) with the tables' own
// triggers off — so restoring users, companies and systems does not void the restored invitations
// (migrations/0009_invitation_voiding.sql) — then the sequences. A damaged or truncated file rolls it
// all back and leaves the database empty. Migrations newer than the backup run afterwards, as at start.
import { createReadStream, existsSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR, migrateDatabase, type Database, type Db } from '../db';
import { opensCheck } from '../secrets/prepare';
import { BACKUP_FORMAT, BACKUP_VERSION, TEXT_SETTINGS, quoteIdent, rowsOf, type BackupHeader } from './dump';

/** A restore that was not started: the database is left as it was. */
export class RestoreRefused extends Error {}

export interface RestoreSummary {
  tables: number;
  rows: number;
  /** The backup's migrations, replayed before its rows. */
  migrations: number;
  /** Migrations of this version newer than the backup, applied after its rows. */
  laterMigrations: number;
  /** Whether the key given opens the backup's secrets: null when no key was given (or it holds none). */
  keyOpens: boolean | null;
  /** The backup holds sealed secrets (a restored server needs the key they were sealed with). */
  sealed: boolean;
}

/** Rows per INSERT statement (sent as one JSON parameter). */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4_000_000;

/** The lines of a gzipped file; a damaged or truncated file fails the iteration. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const parts = (rest + decoder.write(chunk)).split('\n');
      rest = parts.pop() ?? '';
      yield* parts;
    }
    rest += decoder.end();
    if (rest) yield rest;
  } finally {
    // Also when the reader stops early (a refusal, the end line): the file is closed.
    source.destroy();
    gunzip.destroy();
  }
}

function parseHeader(line: string | undefined, file: string): BackupHeader {
  let header: Partial<BackupHeader> | null = null;
  try {
    header = line ? (JSON.parse(line) as Partial<BackupHeader>) : null;
  } catch {
    // Reported below.
  }
  if (header?.format !== BACKUP_FORMAT)
    throw new RestoreRefused(`${file} is not an Olympus backup (written by npm run backup).`);
  if (header.version !== BACKUP_VERSION) {
    throw new RestoreRefused(
      `${file} is an Olympus backup of format ${String(header.version)}; this version reads format ${BACKUP_VERSION}.`,
    );
  }
  return header as BackupHeader;
}

/** Tables, views or sequences already there, or a migrations journal: anything a restore could collide with. */
async function existingObjects(db: Db): Promise<string[]> {
  const [row] = await rowsOf<{ names: string }>(
    db,
    sql`select coalesce(json_agg(name order by name), '[]')::text as names from (
          select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          union all
          select 'drizzle.__drizzle_migrations' where to_regclass('drizzle.__drizzle_migrations') is not null) o`,
  );
  return JSON.parse(row.names) as string[];
}

/** The migrations of this version the backup's rows need: exactly the backup's own, which must lead this version's
 * list. */
function migrationsFor(header: BackupHeader) {
  const code = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const known = new Set(code.map((m) => m.folderMillis));
  if (header.migrations.some((m) => !known.has(m.created_at))) {
    throw new RestoreRefused(
      'This backup was taken by a newer version of Olympus (its database has migrations this version does not know). Restore it with that version or a later one.',
    );
  }
  const replay = code.slice(0, header.migrations.length);
  if (replay.some((m, i) => m.folderMillis !== header.migrations[i].created_at)) {
    throw new RestoreRefused(
      "The backup's migrations do not match this version's (a different line of development): restore it with the version that took it.",
    );
  }
  return { replay, later: code.length - replay.length };
}

/**
 * Restores `file` into `database`, which must be empty. `key`: the secret key the restored server will
 * use (OLYMPUS_SECRET_KEY or the data directory's secret.key), checked against the backup's before
 * anything is written; null when there is none yet (the caller says so).
 */
export async function restoreBackup(database: Database, file: string, key: Buffer | null): Promise<RestoreSummary> {
  if (!existsSync(file)) throw new RestoreRefused(`There is no backup file ${file}.`);
  const lines = linesOf(file);
  try {
    return await restoreLines(database, file, key, lines);
  } finally {
    await lines.return(undefined);
  }
}

async function restoreLines(
  database: Database,
  file: string,
  key: Buffer | null,
  lines: AsyncGenerator<string>,
): Promise<RestoreSummary> {
  const next = async () => (await lines.next()).value as string | undefined;
  let first: string | undefined;
  try {
    first = await next();
  } catch {
    throw new RestoreRefused(`${file} is not an Olympus backup (written by npm run backup): it is not a gzip file.`);
  }
  const header = parseHeader(first, file);
  const sealed = header.secret_key_check !== null;
  const keyOpens = sealed && key ? opensCheck(key, header.secret_key_check!) : null;
  if (keyOpens === false) {
    throw new RestoreRefused(
      "The secret key here (OLYMPUS_SECRET_KEY, or secret.key in OLYMPUS_DATA_DIR) is not the one this backup's secrets were sealed with. " +
        'Restore the original key first: without it the restored integration secrets, two-factor secrets and signing keys cannot be opened, and Olympus will not start.',
    );
  }
  const { replay, later } = migrationsFor(header);
  const existing = await existingObjects(database.db);
  if (existing.length) {
    const some = existing.slice(0, 3).join(', ') + (existing.length > 3 ? ', …' : '');
    throw new RestoreRefused(
      `The database is not empty (${existing.length} tables or other objects: ${some}). A backup is restored only into an empty database, so that nothing is overwritten: ` +
        'for the embedded database set OLYMPUS_DATA_DIR to a new directory; for PostgreSQL create a new database (createdb) and point DATABASE_URL at it.',
    );
  }

  let total = 0;
  await database.db.transaction(async (tx) => {
    for (const setting of TEXT_SETTINGS) await tx.execute(setting);
    // The schema as it was when the backup was taken, recorded as drizzle's migrator records it.
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    for (const migration of replay) {
      for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }

    const types = new Map<string, Map<string, string>>();
    for (const table of header.tables) {
      const columns = await rowsOf<{ name: string; type: string }>(
        tx,
        sql`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
            where a.attrelid = to_regclass(${`public.${quoteIdent(table.name)}`}) and a.attnum > 0 and not a.attisdropped`,
      );
      if (!columns.length)
        throw new Error(
          `The backup holds a table ${table.name} that its own migrations do not create: the file is damaged.`,
        );
      types.set(table.name, new Map(columns.map((c) => [c.name, c.type])));
      // Triggers would act on restored rows as on new ones (voiding invitations); foreign keys stay checked.
      await tx.execute(sql.raw(`alter table public.${quoteIdent(table.name)} disable trigger user`));
    }

    const counts = new Map<string, number>();
    let table: BackupHeader['tables'][number] | null = null;
    let insert: ((json: string) => Promise<void>) | null = null;
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (!batch.length || !insert || !table) return;
      await insert('[' + batch.join(',') + ']');
      counts.set(table.name, (counts.get(table.name) ?? 0) + batch.length);
      total += batch.length;
      batch = [];
      chars = 0;
    };
    let end: { rows: Record<string, number> } | null = null;
    for (let line = await next(); line !== undefined; line = await next()) {
      if (!line) continue;
      if (line.startsWith('[')) {
        if (!table) throw new Error('The backup file is damaged: a row comes before its table.');
        batch.push(line);
        chars += line.length;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
        continue;
      }
      await flush();
      const marker = JSON.parse(line) as { table?: string; end?: { rows: Record<string, number> } };
      if (marker.end) {
        end = marker.end;
        break;
      }
      table = header.tables.find((t) => t.name === marker.table) ?? null;
      if (!table)
        throw new Error(
          `The backup file is damaged: rows of ${String(marker.table)}, a table its header does not list.`,
        );
      const columnTypes = types.get(table.name)!;
      const missing = table.columns.filter((c) => !columnTypes.has(c));
      if (missing.length)
        throw new Error(
          `The backup's table ${table.name} has columns its migrations do not create (${missing.join(', ')}): the file is damaged.`,
        );
      // Each value arrives as its text form and is cast to the column's type by PostgreSQL itself.
      const target = `public.${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')})`;
      const values = table.columns.map((c, i) => `(r->>${i})::${columnTypes.get(c)}`).join(', ');
      // OVERRIDING SYSTEM VALUE: an identity column takes the backup's value, as a serial one does.
      const head = sql.raw(`insert into ${target} overriding system value select ${values} from json_array_elements(`);
      insert = async (json) => void (await tx.execute(sql`${head}${json}::json) as e(r)`));
    }
    if (!end)
      throw new Error(
        'The backup file is incomplete: it ends before its last line (a copy cut short?). Nothing was restored.',
      );
    for (const t of header.tables) {
      if ((counts.get(t.name) ?? 0) !== (end.rows[t.name] ?? 0)) {
        throw new Error(
          `The backup file is damaged: ${t.name} holds ${counts.get(t.name) ?? 0} rows where the file says ${end.rows[t.name] ?? 0}. Nothing was restored.`,
        );
      }
    }

    for (const t of header.tables)
      await tx.execute(sql.raw(`alter table public.${quoteIdent(t.name)} enable trigger user`));
    for (const s of header.sequences) {
      await tx.execute(
        sql`select setval(to_regclass(${`public.${quoteIdent(s.name)}`}), ${s.last_value}::bigint, ${s.is_called})`,
      );
    }
  });
  // This version's newer migrations, as a start would apply them.
  if (later > 0) await migrateDatabase(database);
  return {
    tables: header.tables.length,
    rows: total,
    migrations: replay.length,
    laterMigrations: later,
    keyOpens,
    sealed,
  };
}
