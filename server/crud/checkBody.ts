// The checks of a create or update body that the schema cannot make (./checks.ts), for one record and
// for many at once (an import's batch), with the validate hook's own for one record.
import type { FastifyRequest } from 'fastify';
import type { Conn } from '../db/conn';
import type { ResourceDecl } from '../../contract/resources/declare';
import { onCreate } from '../../contract/resources/inputs';
import { checkFields, checkRefs } from './checks';
import type { Operation } from './operation';

type Body = Record<string, unknown>;

/** A create's body without the inputs only an update takes (`on: 'update'`): no hook sees them on a create. */
function createdOnly(decl: ResourceDecl, sent: Body, before: Body | null): Body {
  const later = Object.entries(decl.inputs ?? {}).filter(([key, i]) => !onCreate(i) && Object.hasOwn(sent, key));
  if (before || later.length === 0) return sent;
  const body = { ...sent };
  for (const [key] of later) delete body[key];
  return body;
}

/**
 * The generic checks of many bodies at once (an import's batch): the checkbox lists' options and the
 * references' records read once for all of them, each body checked on its own.
 */
export async function checkBodies<P>(
  op: Operation<P>,
  db: Conn,
  tenant: string | null,
  rows: readonly { sent: Body; before: Body | null }[],
) {
  const options = await op.q.manyOptions(db);
  const checked = rows.map((r) => checkFields(op.decl, createdOnly(op.decl, r.sent, r.before), r.before, options));
  const live = await op.q.liveRefs(
    db,
    tenant,
    checked.map((c) => c.body),
  );
  for (const c of checked) checkRefs(op.q, c.body, live, c.errors);
  return checked;
}

/**
 * What the schema cannot check: conditional fields (cleared when hidden, required while shown),
 * required text that is blank once trimmed, a money amount's range, references outside the company,
 * checkbox-list values not among the options, the validate hook's own. Answers the body with each
 * checkbox list trimmed and without repeats and each multi-choice in the options' order (what is
 * written), and what the validate hook read.
 */
export async function checkBody<P>(
  op: Operation<P>,
  db: Conn,
  tenant: string | null,
  req: FastifyRequest,
  sent: Body,
  before: Body | null,
): Promise<{ body: Body; parsed: P }> {
  const [{ body, errors }] = await checkBodies(op, db, tenant, [{ sent, before }]);
  // What validate answers is handed on as it is; without a validate hook there is nothing to hand on.
  const parsed = (await op.hooks.validate?.({ db, tenant, req, body, errors, before })) as P;
  errors.throwIfAny();
  return { body, parsed };
}
