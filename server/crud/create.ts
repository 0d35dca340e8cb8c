// A declared resource's create (docs/resources.md "Binding and hooks"): access, the checks and the
// validate hook, then in one transaction beforeChange, the insert of the declared columns and the
// checkbox lists, afterChange, the references still live, and the audit row.
import type { FastifyRequest } from 'fastify';
import type { Conn } from '../db/conn';
import type { WriteOutcome } from './binding';
import { checkBody } from './checkBody';
import { requireAuth } from '../auth/guard';
import { attachFiles } from './fileFields';
import { columnsFrom } from './values';
import {
  afterCommit,
  audit,
  caller,
  detailOf,
  recordOr404,
  refsStillLive,
  type ChangeOptions,
  type Operation,
  type Row,
} from './operation';

type Body = Record<string, unknown>;

/** Creates a record from a body as the create route accepts it; answers it as read. */
export async function createRecord<P>(
  op: Operation<P>,
  req: FastifyRequest,
  sent: Body,
  opts: ChangeOptions = {},
): Promise<Row> {
  const { hooks, q } = op;
  const { tenant, where } = caller(op, req, 'create');
  // An import's transaction, else the database (the write opens its own).
  const db: Conn = opts.tx ?? op.app.db;
  const { body, parsed } = await checkBody(op, db, tenant, req, sent, null);
  // A record with a tenant link (users: memberships) is in the companies its hooks write, not in a company_id.
  const values = {
    ...columnsFrom<Body>(body, q.writable),
    ...(tenant && q.companyId ? { companyId: tenant } : {}),
  };
  const { record, outcome } = await op.steps.writing(
    db,
    'create',
    async (tx) => {
      await hooks.beforeChange?.({ db: tx, tenant, req, body, values, before: null, parsed });
      // The declared columns (as beforeChange left them) and the checkbox lists.
      const [row] = await tx.insert(op.table).values(values).returning({ id: q.id });
      const id = row.id as string;
      await q.writeMany(tx, [{ id, body }]);
      const outcome: WriteOutcome =
        (await hooks.afterChange?.({ db: tx, tenant, req, id, body, before: null, parsed })) ?? {};
      await attachFiles(tx, op.decl, requireAuth(req).userId, id, body);
      await refsStillLive(op, tx, tenant, body);
      const created = await recordOr404(op, tx, tenant, req, id, where, false);
      const view = await op.audited(tx, created);
      const by = op.owner(tenant, created.id, null, view);
      await audit(op, tx, req, by, 'created', created.id, null, view, detailOf(outcome, opts));
      return { record: created, outcome };
    },
    op.steps.refGone(db, tenant, body),
  );
  afterCommit(outcome, record, opts);
  return record;
}
