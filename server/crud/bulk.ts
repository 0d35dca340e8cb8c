// Bulk changes of a declared resource (docs/resources.md "Bulk changes"): `POST /{name}/bulk` updates
// the declared bulk-editable fields of many records, or deletes many, all or nothing, in one
// transaction (./bulkChange.ts). An update of a resource whose hooks need not see each record goes
// set-based (./bulkBatch.ts: one lock, the single update's checks for all at once, a few statements for
// the writes and audit rows); any other change takes each record through the very update or delete a
// single save does (./operations.ts: reach, tenancy, hooks, checks, versions, dependents, its own audit
// row), each inside a savepoint. When any record is refused, the whole transaction is rolled back and
// the answer names every refused record with its own reason. One more audit row,
// `{one}.bulk_updated|bulk_deleted`, names the records, and each record's row names it (`detail.bulk`).
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { bulkActions, bulkFields, type BulkDone } from '../../contract/bulk';
import { invalid } from '../errors';
import type { RouteAccess } from '../http/routeAccess';
import { errorResponses } from '../http/schemas';
import { changeInBulk, type BulkSent } from './bulkChange';
import { bulkErrors, type AjvError } from './bulkErrors';
import { bulkMessages } from './bulkMessages';
import { BulkDoneBody, BulkRefusalBody, bulkBody } from './bulkSchemas';
import type { HistoryContext } from './history';
import { trimKinds } from './kinds';

type Body = Record<string, unknown>;
type App = Parameters<typeof import('./history').historyRoutes>[0];

/**
 * The bulk route of a declared resource that offers bulk changes (contract/bulk.ts bulkActions): its
 * access by the body's action (update → the update permission, delete → the delete permission).
 */
export function bulkRoute<P>(
  app: App,
  {
    decl,
    schemas,
    ops,
    rules,
    tags,
  }: Omit<HistoryContext<P>, 'hooks' | 'rules'> & { rules: (action: 'update' | 'delete') => { access: RouteAccess } },
): void {
  const actions = bulkActions(decl);
  if (actions.length === 0) return;
  const fields = bulkFields(decl);
  const msg = bulkMessages(decl);
  const update = schemas.update.properties as Record<string, TSchema>;
  const byAction = Object.fromEntries(actions.map((a) => [a, rules(a).access.permission]));
  // Delete is offered wherever bulk is: its permission is the route's, and an unknown action's.
  const access: RouteAccess = { ...rules('delete').access, byAction };
  const trim = trimKinds(decl);

  app.post(
    `${decl.path}/bulk`,
    {
      schema: {
        tags,
        summary: `${actions.includes('update') ? 'Update or delete' : 'Delete'} many ${decl.noun.many} at once`,
        description:
          'All or nothing: every record is checked and changed as a single update or delete would be (reach, tenancy — another company’s record is not found —, validation, the resource’s rules, versions), in one transaction. ' +
          'If any record is refused, nothing is changed and the answer (409 when every refused record conflicts, else 422) lists each refused id with its own status and reason in `rows`. ' +
          'Each record gets its own audit row, tied to one bulk audit entry naming them all.',
        body: bulkBody(actions, fields, update),
        response: { 200: BulkDoneBody, ...errorResponses, 409: BulkRefusalBody, 422: BulkRefusalBody },
      },
      config: { access },
      attachValidation: true,
      // The values' emails, dates … are trimmed as a single update's are.
      preValidation: [
        async (req: FastifyRequest) => {
          const v = (req.body as Body | undefined)?.values;
          if (v && typeof v === 'object' && !Array.isArray(v)) await trim({ body: v } as FastifyRequest);
        },
      ],
    },
    async (req) => {
      if (req.validationError)
        throw invalid(
          bulkErrors(decl, (req.validationError as unknown as { validation: AjvError[] }).validation ?? []),
        );
      const sent = req.body as BulkSent;
      const { action, ids } = sent;
      if (action === 'update' && (!sent.values || Object.keys(sent.values).length === 0))
        throw invalid({ values: [msg.noValues] });
      if (action === 'delete' && sent.values !== undefined) throw invalid({ values: [msg.valuesOnUpdate] });
      // The resource's own refusal of the caller (access hook) answers as it does for one record.
      const { tenant } = ops.caller(req, action);
      await changeInBulk(app.db, decl, ops, req, tenant, sent);
      const done: BulkDone = { message: msg.done(action, ids.length), action, count: ids.length, ids };
      return { data: done };
    },
  );
}
