// An import's batch set-based (docs/resources.md "Import"): the rows prepared together (./importRows.ts),
// the records they update read and locked in one query, the checks of operations.ts made for all of them
// at once (./checks.ts), each row settled in the file's order (a key an earlier row imported is refused),
// then the rows that passed written together (./writeBatch.ts). Every row gets the answer it would get on
// its own. A write the database refuses (a race with another request) throws, and the job runner runs
// the batch again row by row (server/imports/jobs.ts), where each row answers for itself.
import type { FastifyRequest } from 'fastify';
import type { ResourceDecl } from '../../contract/resources/declare';
import { ApiError, invalid, notFound } from '../errors';
import type { BatchStep, RowOutcome } from '../imports/jobs';
import type { Tx } from '../db/conn';
import type { FieldErrors } from '../http/fieldErrors';
import type { FileRow, ImportAction, PreparedRow, RowPlan } from './importRows';
import { settled } from './importRows';
import type { CrudQueries, CrudRow } from './queries';
import type { BatchPlan } from './writeBatch';

type Body = Record<string, unknown>;

/** What the batch needs of operations.ts (its `batch`): the generic checks of many bodies, and the set-based write. */
export interface BatchOps {
  check(
    db: Tx,
    tenant: string | null,
    rows: readonly { sent: Body; before: Body | null }[],
  ): Promise<{ body: Body; errors: FieldErrors }[]>;
  write(
    tx: Tx,
    req: FastifyRequest,
    tenant: string | null,
    plans: readonly BatchPlan[],
    detail: Body,
  ): Promise<CrudRow[]>;
}

export interface BatchContext {
  decl: ResourceDecl;
  q: CrudQueries;
  ops: BatchOps;
  req: FastifyRequest;
  tenant: string | null;
  jobId: string;
  prepare: (tx: Tx, rows: readonly FileRow[]) => Promise<PreparedRow[]>;
  /** The keys imported so far and the row that did each (shared with the row-by-row step). */
  seen: Map<string, number>;
  duplicate: (first: number) => ApiError;
}

export function batchStep(c: BatchContext): BatchStep {
  return async (tx: Tx, rows: readonly FileRow[]): Promise<RowOutcome[]> => {
    const prepared = await c.prepare(tx, rows);
    const plans = (p: PreparedRow) => (p.outcome instanceof ApiError ? null : p.outcome);
    // The records to update, held until the batch commits (as each update's own lock would).
    const ids = prepared.flatMap((p) => plans(p)?.id ?? []);
    const befores = await c.q.findMany(tx, c.tenant, ids, true);
    const toCheck: { p: PreparedRow; plan: RowPlan; before: CrudRow | null }[] = [];
    for (const p of prepared) {
      const plan = plans(p);
      if (!plan) continue;
      const before = plan.id ? (befores.get(plan.id) ?? null) : null;
      // Gone between the key's lookup and the lock (deleted meanwhile): the update's own 404.
      if (plan.id && !before) p.outcome = notFound(c.decl.messages.notFound);
      else toCheck.push({ p, plan, before });
    }
    const checked = await c.ops.check(
      tx,
      c.tenant,
      toCheck.map(({ plan, before }) => ({ sent: plan.body, before })),
    );
    toCheck.forEach(({ p, plan }, i) => {
      p.outcome = checked[i].errors.asError() ?? { ...plan, body: checked[i].body };
    });
    // In the file's order: a key is imported once, by the first row with it that passes.
    const added = new Map<string, number>();
    const outcomes: RowOutcome[] = [];
    const writes: BatchPlan[] = [];
    for (const p of prepared) {
      const first = p.signature === undefined ? undefined : (c.seen.get(p.signature) ?? added.get(p.signature));
      const outcome = settled(p, first, c.duplicate);
      if (outcome instanceof ApiError) {
        outcomes.push(outcome);
        continue;
      }
      if (p.signature !== undefined) added.set(p.signature, p.row);
      outcomes.push(outcome.action as ImportAction);
      writes.push({ body: outcome.body, before: outcome.id ? (befores.get(outcome.id) as CrudRow) : null });
    }
    if (writes.length) await c.ops.write(tx, c.req, c.tenant, writes, { import: c.jobId });
    for (const [signature, row] of added) c.seen.set(signature, row);
    return outcomes;
  };
}

/** A 422 in the shape the route answers it (kept here so both steps say a duplicate the same way). */
export const duplicateOf = (field: string, message: (row: number) => string) => (first: number) =>
  invalid({ [field]: [message(first)] });
