// A create or edit form as the caller gets it (docs/resources.md "Binding and hooks"): the declared
// groups with their options, shaped by the form hook, filled in with the record or the defaults.
import type { FastifyRequest } from 'fastify';
import type { Conn } from '../db/conn';
import { withValues } from '../forms/fields';
import { defaultsOf, formGroups } from './form';
import type { Operation } from './operation';

type Body = Record<string, unknown>;

export async function callerForm<P>(
  op: Operation<P>,
  db: Conn,
  tenant: string | null,
  req: FastifyRequest,
  record: Body | null,
) {
  const { decl, q, hooks } = op;
  const groups = formGroups(
    decl,
    { ...(await q.refOptions(db, tenant, record ?? {})), ...(await q.manyOptions(db)) },
    record === null,
  );
  const values = record ?? defaultsOf(decl);
  const shaped = hooks.form ? await hooks.form({ db, tenant, req, groups, values, record }) : { groups, values };
  return withValues(shaped.groups, shaped.values);
}
