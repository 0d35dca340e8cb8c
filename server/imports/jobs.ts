// CSV imports as jobs (docs/resources.md "Import"). The `imports` row is the job and the source of truth
// of its state: a request stores the file there (queued) and any instance sharing the database may run
// it — an instance claims the oldest queued one in one statement (`for update skip locked`), so each
// runs exactly once. Rows go in batches of IMPORT_BATCH (IMPORT_ROW_BATCH when they go one by one), one
// transaction each, the progress counts written in the same transaction: a stopped import has committed
// whole batches only, and its row says how many. A running import whose instance stopped showing it is alive
// (heartbeat older than `staleMs`) is marked failed with what it had committed; a closing instance marks its own so.
// A database that goes away (a restart, a short outage) does not stop an import: its runner waits, then goes on from
// the batch after the last one committed, as the row counts it; only past `awayBoundMs` does it give the import up,
// saying so.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IMPORT_BATCH,
  IMPORT_ERRORS_MAX,
  IMPORT_PREVIEW_MAX,
  type ImportRowError,
  type ImportState,
  type ImportStatus,
} from '../../contract/imports';
import type { ResourceDecl } from '../../contract/resources/declare';
import { audit } from '../audit';
import { rowsOf } from '../db/rows';
import type { AuthContext } from '../types';
import type { Db } from '../db';
import { ApiError } from '../errors';
import { loadUserAccess, requireArea, requirePermission } from '../auth/guard';
import { SUPER_ADMIN } from '../../contract/roles';
import { pgError, type Tx } from '../db/conn';
import { isDatabaseUnreachable } from '../db/outage';
import { logJobFailure } from '../http/error-log';
import { csvLine, maxColumnsOf, readFile, safeCell } from './csv';

/** What a job knows of the caller who asked: the request's view of them, kept for the rows. */
export interface ImportCaller {
  auth: AuthContext;
  ip: string;
}

/** An import as its row holds it (what a runner needs). */
export interface ImportJob {
  id: string;
  resource: string;
  company_id: string | null;
  user_id: string;
  caller: ImportCaller;
  dry_run: boolean;
  mapping: Record<string, string>;
  content: string | null;
}

/** One row's work on the batch's transaction: what it did, or an ApiError (4xx) saying why not. */
export type RowStep = (tx: Tx, cells: string[], row: number, later: (() => void)[]) => Promise<'create' | 'update'>;

/** What one row of a batch did, or why not (a 4xx). */
export type RowOutcome = 'create' | 'update' | ApiError;

/**
 * A whole batch's work at once, on a savepoint of the batch's transaction: each row's outcome, in
 * order. Throwing RowByRow or a database error rolls it back, and the batch runs through the RowStep.
 */
export type BatchStep = (tx: Tx, rows: readonly { cells: string[]; row: number }[]) => Promise<RowOutcome[]>;

/** A batch that cannot be written at once (e.g. a record it refers to went meanwhile): its rows go one by one, each
 * with its own answer. */
export class RowByRow extends Error {}

/** An import's steps: each row alone, and (for a resource whose rows may go set-based) a whole batch. */
export interface ImportSteps {
  row: RowStep;
  batch: BatchStep | null;
}

/** A declared resource's import (server/crud/import.ts registers one per importable resource). */
export interface Importer {
  decl: ResourceDecl;
  /** The permission to create records (to start and read an import). */
  permission: string;
  area: string;
  /** Rows to a batch (one transaction): IMPORT_BATCH set-based, IMPORT_ROW_BATCH row by row. */
  batchRows: number;
  /** The steps of one job's rows, as its caller. */
  start(job: ImportJob, req: FastifyRequest, header: string[]): Promise<ImportSteps>;
}

/** The importers of the resources this server mounts, by resource name. */
export class Importers extends Map<string, Importer> {
  /** Wakes the runner now (a new import was queued); set by scheduleImports. */
  kick: () => void = () => {};
}

declare module 'fastify' {
  interface FastifyInstance {
    importers: Importers;
  }
}

/** The registry the resource routes share: made where first asked (server/app.ts asks first). */
export function importersOn(app: FastifyInstance): Importers {
  if (!app.hasDecorator('importers')) app.decorate('importers', new Importers());
  return app.importers;
}

/**
 * How often an idle instance looks for queued imports, and how often a running one shows it is alive.
 * When its silence means its instance is gone is OLYMPUS_IMPORT_STALE_SECONDS; the heartbeat comes at
 * least four times within it.
 */
export const IMPORT_TIMING = { pollMs: 2000, heartbeatMs: 10_000 };
const heartbeatMs = (staleMs: number) => Math.min(IMPORT_TIMING.heartbeatMs, staleMs / 4);

/**
 * How long a running import waits for a database that went away before it gives the import up: the
 * stale time, and at least 30 s, so a restart or a short outage never ends an import. `retryMs`: how
 * often it asks meanwhile.
 */
export const IMPORT_AWAY = { minMs: 30_000, retryMs: 500 };
export const awayBoundMs = (staleMs: number) => Math.max(IMPORT_AWAY.minMs, staleMs);

/** Thrown inside a dry run's batch to roll it back once every row has been tried. */
class DryRun extends Error {}
/** Thrown when the job is no longer this instance's (marked failed meanwhile): the batch is rolled back. */
class Lost extends Error {}

/** Why an import stopped on its own: its server stopped, or the database stayed away past the bound. */
const SERVER_STOPPED = 'as its server stopped';
const databaseAway = (boundMs: number) =>
  `as the database could not be reached for more than ${Math.round(boundMs / 1000)} s`;

const interruptedMessage = (
  dryRun: boolean,
  done: number,
  rows: number,
  created: number,
  updated: number,
  batch: number,
  why = SERVER_STOPPED,
) =>
  dryRun
    ? `The dry run stopped after ${done} of ${rows} rows, ${why}. Nothing was written; start it again.`
    : `The import stopped after ${done} of ${rows} rows, ${why}: ${created} created and ${updated} updated were kept (whole batches of ${batch} rows). Import the rest again: rows with a key update what was kept.`;

/** Why an import stopped for its starter: what they may do changed since they started it. */
const revokedMessage = (
  dryRun: boolean,
  done: number,
  rows: number,
  created: number,
  updated: number,
  why: string,
  batch: number,
) =>
  dryRun
    ? `The dry run stopped after ${done} of ${rows} rows: ${why} Nothing was written.`
    : `The import stopped after ${done} of ${rows} rows: ${why} ${created} created and ${updated} updated were kept (whole batches of ${batch} rows).`;

export const IMPORT_REVOKED = {
  account: 'the account that started it is disabled or gone.',
  company: 'its starter no longer belongs to the company, or the company is in the trash.',
  permission: 'its starter may no longer create these records.',
};

/**
 * The starter as they are now, before each batch: an import outlives the request that queued it, so
 * what it was allowed then is checked again (the account enabled, the company theirs and live, the
 * area and the create permission held) and the rows are written as they are now. Answers why it may
 * not go on, or null.
 */
async function callerNow(db: Db, importer: Importer, job: ImportJob, req: FastifyRequest): Promise<string | null> {
  const now = await loadUserAccess(db, job.user_id, job.company_id);
  if (!now) return IMPORT_REVOKED.account;
  const auth: AuthContext = {
    ...job.caller.auth,
    role: now.role,
    permissions: now.permissions,
    companyIds: now.companyIds,
  };
  (req as { auth?: AuthContext }).auth = auth;
  if (
    job.company_id !== null &&
    (!now.tenantLive || (auth.role !== SUPER_ADMIN && !auth.companyIds.includes(job.company_id)))
  )
    return IMPORT_REVOKED.company;
  try {
    requireArea(req, importer.area);
    requirePermission(req, importer.permission);
  } catch (err) {
    if (err instanceof ApiError) return IMPORT_REVOKED.permission;
    throw err;
  }
  return null;
}

/** The batch size a resource's import commits in (a resource this server does not mount: the set-based one). */
const batchRowsOf = (importers: Importers, resource: string) => importers.get(resource)?.batchRows ?? IMPORT_BATCH;

/** Marks failed the running imports whose instance has gone silent (or this closing instance's own). */
async function failStopped(
  db: Db,
  importers: Importers,
  where: { staleMs: number } | { owner: string },
): Promise<void> {
  const cond =
    'staleMs' in where
      ? sql`heartbeat_at < now() - make_interval(secs => ${where.staleMs / 1000})`
      : sql`owner = ${where.owner}`;
  await db.transaction(async (tx) => {
    const stopped = rowsOf<{
      id: string;
      resource: string;
      dry_run: boolean;
      done: number;
      rows: number;
      created: number;
      updated: number;
    }>(
      await tx.execute(
        sql`select id, resource, dry_run, done, rows, created, updated from imports where state = 'running' and ${cond} for update skip locked`,
      ),
    );
    for (const s of stopped) {
      await tx.execute(sql`update imports set state = 'failed', content = null, owner = null, finished_at = now(),
        message = ${interruptedMessage(s.dry_run, s.done, s.rows, s.created, s.updated, batchRowsOf(importers, s.resource))}
        where id = ${s.id}`);
    }
  });
}

/** Claims the oldest queued import for `owner`, or none. */
async function claim(db: Db, owner: string): Promise<ImportJob | null> {
  const [job] = rowsOf<ImportJob>(
    await db.execute(sql`
      update imports set state = 'running', owner = ${owner}, heartbeat_at = now()
      where id = (select id from imports where state = 'queued' order by created_at, id for update skip locked limit 1)
      returning id, resource, company_id, user_id, caller, dry_run, mapping, content`),
  );
  return job ?? null;
}

/** The request a job's rows are written as: the caller, company and address of the request that queued it. */
const requestOf = (app: FastifyInstance, job: ImportJob): FastifyRequest =>
  ({
    auth: job.caller.auth,
    tenantId: job.company_id,
    ip: job.caller.ip,
    headers: {},
    query: {},
    params: {},
    log: app.log,
    id: `import-${job.id}`,
  }) as unknown as FastifyRequest;

/** A refused row's errors: each field's messages, or the row's own. */
function rowErrors(err: ApiError, row: number): ImportRowError[] {
  const fields = Object.entries(err.errors ?? {}).flatMap(([field, messages]) =>
    messages.map((message) => ({ row, field, message })),
  );
  return fields.length ? fields : [{ row, field: '', message: err.message }];
}

interface Counts {
  done: number;
  created: number;
  updated: number;
  failed: number;
}

/**
 * A batch set-based, on a savepoint: its rows' outcomes, or null when the batch is to go row by row
 * (the savepoint rolled back: nothing of it kept). A refusal of the database there is a race with
 * another request (a unique rule, a foreign key), which the row-by-row step answers per row.
 */
async function wholeBatch(
  tx: Tx,
  step: BatchStep,
  items: { cells: string[]; row: number }[],
): Promise<RowOutcome[] | null> {
  try {
    return await tx.transaction((sp) => step(sp, items));
  } catch (err) {
    if (err instanceof RowByRow || (!(err instanceof ApiError) && pgError(err).code !== null)) return null;
    throw err;
  }
}

/** What of a job its row says was committed: where a runner starts, or goes on after the database came back. */
interface Progress extends Counts {
  /** Refused rows kept for the errors file, of IMPORT_ERRORS_MAX. */
  kept: number;
  /** A dry run's outcomes kept for the preview, of IMPORT_PREVIEW_MAX. */
  previewed: number;
}

const finishJob = (db: Db, id: string, owner: string, state: ImportState, message: string | null) =>
  db.execute(sql`update imports set state = ${state}, message = ${message}, content = null, owner = null, finished_at = now()
    where id = ${id} and owner = ${owner}`);

/**
 * Runs one claimed job to its end; `stopping` says the instance is closing. A database that cannot be
 * reached is waited for (whenBack), and the job goes on from what its row says was committed.
 */
async function runJob(
  app: FastifyInstance,
  importers: Importers,
  job: ImportJob,
  owner: string,
  stopping: () => boolean,
  boundMs: number,
): Promise<void> {
  let from: Progress = { done: 0, created: 0, updated: 0, failed: 0, kept: 0, previewed: 0 };
  for (;;) {
    try {
      return await runFrom(app, importers, job, owner, stopping, from);
    } catch (err) {
      if (!(err instanceof Error) || !isDatabaseUnreachable(err)) throw err;
      // The outage's one line (the pool has usually told it already).
      app.database.outage.failed(err);
      const back = await whenBack(app.db, importers, job, owner, stopping, boundMs);
      if (!back) return;
      from = back;
    }
  }
}

/**
 * Waits for the database to answer again, then reads what of `job` was committed: a batch whose commit
 * got no answer may or may not have been written, and the row's counts, written in the batch's own
 * transaction, say which, so each row is written once. Null when the job is no longer this runner's to
 * go on with: the instance is closing, the job was taken from it, or the database stayed away longer
 * than `boundMs` (the job is then marked failed saying so).
 */
async function whenBack(
  db: Db,
  importers: Importers,
  job: ImportJob,
  owner: string,
  stopping: () => boolean,
  boundMs: number,
): Promise<Progress | null> {
  const since = Date.now();
  for (;;) {
    if (stopping()) return null;
    await new Promise((resolve) => setTimeout(resolve, IMPORT_AWAY.retryMs));
    try {
      const [row] = rowsOf<Progress & { rows: number }>(
        await db.execute(sql`update imports set heartbeat_at = now() where id = ${job.id} and owner = ${owner} and state = 'running'
          returning done, created, updated, failed, rows, jsonb_array_length(failed_rows)::int as kept, jsonb_array_length(outcomes)::int as previewed`),
      );
      if (!row) return null;
      if (Date.now() - since <= boundMs) return row;
      const why = databaseAway(boundMs);
      await finishJob(
        db,
        job.id,
        owner,
        'failed',
        interruptedMessage(
          job.dry_run,
          row.done,
          row.rows,
          row.created,
          row.updated,
          batchRowsOf(importers, job.resource),
          why,
        ),
      );
      return null;
    } catch (err) {
      if (!(err instanceof Error) || !isDatabaseUnreachable(err)) throw err;
    }
  }
}

/** Runs a job from `start` (nothing yet, or what was committed before the database went away). */
async function runFrom(
  app: FastifyInstance,
  importers: Importers,
  job: ImportJob,
  owner: string,
  stopping: () => boolean,
  start: Progress,
): Promise<void> {
  const db = app.db;
  const finish = async (state: ImportState, message: string | null) => {
    await finishJob(db, job.id, owner, state, message);
  };
  const importer = importers.get(job.resource);
  if (!importer || job.content === null) return finish('failed', 'This server does not import these records.');
  const [header, ...rows] = await readFile(job.content, maxColumnsOf(importer.decl));
  const req = requestOf(app, job);
  const steps = await importer.start(job, req, header);
  const counts: Counts = { done: start.done, created: start.created, updated: start.updated, failed: start.failed };
  let kept = start.kept;
  let previewed = start.previewed;
  for (let from = start.done; from < rows.length; from += importer.batchRows) {
    // Closing: the batches committed so far stay; the row is marked failed saying so (onClose).
    if (stopping()) return;
    const revoked = await callerNow(db, importer, job, req);
    if (revoked)
      return finish(
        'failed',
        revokedMessage(
          job.dry_run,
          counts.done,
          rows.length,
          counts.created,
          counts.updated,
          revoked,
          importer.batchRows,
        ),
      );
    const batch = rows.slice(from, from + importer.batchRows);
    const now: Counts = { ...counts };
    const errors: ImportRowError[] = [];
    const failedRows: { row: number; cells: string[]; error: string }[] = [];
    const outcomes: [number, 'create' | 'update'][] = [];
    const later: (() => void)[] = [];
    const save = (conn: Db | Tx) =>
      conn.execute(sql`
        update imports set done = ${now.done}, created = ${now.created}, updated = ${now.updated}, failed = ${now.failed}, heartbeat_at = now(),
          errors = errors || ${JSON.stringify(errors)}::jsonb, failed_rows = failed_rows || ${JSON.stringify(failedRows)}::jsonb,
          outcomes = outcomes || ${JSON.stringify(outcomes)}::jsonb
        where id = ${job.id} and owner = ${owner} and state = 'running' returning id`);
    try {
      await db.transaction(async (tx) => {
        const tally = (row: number, cells: string[], outcome: RowOutcome) => {
          if (!(outcome instanceof ApiError)) {
            now[outcome === 'create' ? 'created' : 'updated']++;
            if (job.dry_run && previewed < IMPORT_PREVIEW_MAX) {
              outcomes.push([row, outcome]);
              previewed++;
            }
            return;
          }
          now.failed++;
          const mine = rowErrors(outcome, row);
          if (kept < IMPORT_ERRORS_MAX) {
            errors.push(...mine);
            failedRows.push({ row, cells, error: mine.map((e) => e.message).join(' ') });
            kept++;
          }
        };
        const items = batch.map((cells, i) => ({ cells, row: from + i + 2 }));
        const together = steps.batch ? await wholeBatch(tx, steps.batch, items) : null;
        if (together) together.forEach((outcome, i) => tally(items[i].row, items[i].cells, outcome));
        else {
          for (const { cells, row } of items) {
            let outcome: RowOutcome;
            try {
              // A savepoint per row: a refused row (even a failed statement) undoes that row alone.
              outcome = await tx.transaction((sp) => steps.row(sp, cells, row, later));
            } catch (err) {
              if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
              outcome = err;
            }
            tally(row, cells, outcome);
          }
        }
        now.done += batch.length;
        if (job.dry_run) throw new DryRun();
        // The counts move with the batch they count, in its transaction.
        if (rowsOf(await save(tx)).length === 0) throw new Lost();
      });
    } catch (err) {
      if (err instanceof Lost) return;
      if (!(err instanceof DryRun)) throw err;
      if (rowsOf(await save(db)).length === 0) return;
    }
    Object.assign(counts, now);
    for (const step of later) step();
    // A moment between batches: on a single-connection database (PGlite) the requests waiting meanwhile
    // (an import's progress among them) go first.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!job.dry_run) {
    await audit(db, {
      action: `${importer.decl.noun.one}.imported`,
      entity: importer.decl.noun.one,
      actorId: job.user_id,
      // The import's company: a scoped resource's records are all of it; a global one's, nobody's.
      owner: job.company_id ? { company: job.company_id } : null,
      ip: job.caller.ip,
      detail: {
        import: job.id,
        rows: rows.length,
        created: counts.created,
        updated: counts.updated,
        failed: counts.failed,
      },
    });
  }
  await finish('succeeded', null);
}

/**
 * The runner of one server: at start once ready, whenever a request queues an import (`kick`), and
 * every `pollMs` (an import another instance queued); one job at a time per instance.
 */
export function scheduleImports(app: FastifyInstance, importers: Importers, staleMs: number): void {
  const owner = randomUUID();
  const jobLog = { log: app.log, outage: app.database.outage };
  let running: Promise<void> | null = null;
  let closing = false;
  let again = false;
  const loop = async () => {
    // Judging another instance's import stopped waits until this one has reached the database for the whole
    // stale time since its last outage: just after one every heartbeat is old, and their runners are coming back.
    if (app.database.outage.reachableForMs() >= staleMs) await failStopped(app.db, importers, { staleMs });
    for (;;) {
      if (closing) return;
      const job = await claim(app.db, owner);
      if (!job) return;
      const beat = setInterval(() => {
        void app.db
          .execute(
            sql`update imports set heartbeat_at = now() where id = ${job.id} and owner = ${owner} and state = 'running'`,
          )
          .catch(() => {});
      }, heartbeatMs(staleMs));
      beat.unref();
      try {
        await runJob(app, importers, job, owner, () => closing, awayBoundMs(staleMs));
      } catch (err) {
        logJobFailure(jobLog, 'import', err, { import: job.id });
        const message =
          err instanceof ApiError
            ? err.message
            : 'The import failed on the server; nothing of the batch it was on was written.';
        await finishJob(app.db, job.id, owner, 'failed', message);
      } finally {
        clearInterval(beat);
      }
    }
  };
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((err: unknown) => logJobFailure(jobLog, 'imports runner', err))
      .finally(() => {
        running = null;
        if (again && !closing) {
          again = false;
          tick();
        }
      });
  };
  importers.kick = tick;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, IMPORT_TIMING.pollMs);
    // The runner must never keep the process alive on its own.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await running;
    // What this instance left running is marked failed now, with what it committed.
    await failStopped(app.db, importers, { owner }).catch(() => {});
  });
}

/** An import's row as the status route reads it. */
interface StatusRow {
  id: string;
  resource: string;
  company_id: string | null;
  user_id: string;
  dry_run: boolean;
  state: ImportState;
  message: string | null;
  mapping: Record<string, string>;
  rows: number;
  done: number;
  created: number;
  updated: number;
  failed: number;
  errors: ImportRowError[];
  outcomes: [number, 'create' | 'update'][];
  created_at: string | Date;
  finished_at: string | Date | null;
}

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

/** The status a client reads. */
export const statusOf = (r: StatusRow): ImportStatus => ({
  id: r.id,
  resource: r.resource,
  dry_run: r.dry_run,
  state: r.state,
  message: r.message,
  mapping: r.mapping,
  counts: { rows: r.rows, done: r.done, created: r.created, updated: r.updated, failed: r.failed },
  errors: r.errors,
  preview: r.outcomes.map(([row, action]) => ({ row, action })),
  created_at: iso(r.created_at) as string,
  finished_at: iso(r.finished_at),
});

export async function importRow(db: Db, id: string): Promise<StatusRow | null> {
  const [row] = rowsOf<StatusRow>(
    await db.execute(sql`select id, resource, company_id, user_id, dry_run, state, message, mapping, rows, done, created, updated, failed, errors, outcomes, created_at, finished_at
      from imports where id = ${id}`),
  );
  return row ?? null;
}

/** The failed rows as a CSV: the file's header with an "Error" column, each cell safe for a spreadsheet. */
export async function errorsCsv(db: Db, id: string): Promise<string> {
  const [row] = rowsOf<{ header: string[]; failed_rows: { row: number; cells: string[]; error: string }[] }>(
    await db.execute(sql`select header, failed_rows from imports where id = ${id}`),
  );
  const header = row?.header ?? [];
  let out = csvLine([...header, 'Error'].map(safeCell));
  for (const f of row?.failed_rows ?? [])
    out += csvLine([...header.map((_, i) => f.cells[i] ?? ''), f.error].map(safeCell));
  return out;
}
