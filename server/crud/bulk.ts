// Bulk changes of a declared resource (docs/resources.md "Bulk changes"): `POST /{name}/bulk` updates
// the declared bulk-editable fields of many records, or deletes many, all or nothing, in one
// transaction. An update of a resource whose hooks need not see each record goes set-based
// (./bulkBatch.ts: one lock, the single update's checks for all at once, a few statements for the
// writes and audit rows); any other change takes each record through the very update or delete a
// single save does (./operations.ts: reach, tenancy, hooks, checks, versions, dependents, its own audit
// row), each inside a savepoint. When any record is refused, the whole transaction is rolled back and
// the answer names every refused record with its own reason. One more audit row,
// `{one}.bulk_updated|bulk_deleted`, names the records, and each record's row names it (`detail.bulk`).
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import {
  BULK_IDS_MAX,
  bulkActions,
  bulkFields,
  type BulkAction,
  type BulkDone,
  type BulkRowFailure,
} from '../../contract/bulk';
import type { ResourceDecl } from '../../contract/resources/declare';
import { audit } from '../audit';
import { requireAuth } from '../auth/guard';
import { ApiError, invalid } from '../errors';
import { validationErrors } from '../http/errors-plugin';
import type { Db } from '../db';
import type { RouteAccess } from '../http/routeAccess';
import { errorResponses, Uuid } from '../http/schemas';
import { atOnce, bulkAtOnce } from './bulkBatch';
import type { HistoryContext } from './history';
import { trimKinds } from './kinds';
import { VERSION_MAX } from './versions';

type Body = Record<string, unknown>;
type App = Parameters<typeof import('./history').historyRoutes>[0];

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Thrown inside the bulk transaction to roll it back once every record has been tried. */
class Refused extends Error {}

const RowFailure = Type.Object({
  id: Type.String(),
  status: Type.Integer({
    description:
      'What a single update or delete of this record would answer (404 not found or another company’s, 403, 409, 422)',
  }),
  message: Type.String(),
  errors: Type.Optional(
    Type.Record(Type.String(), Type.Array(Type.String()), {
      description: 'Field errors, as a single update answers them',
    }),
  ),
});
/** A refused bulk change: nothing was written; every refused record with its reason. */
export const BulkRefusalBody = Type.Object({
  message: Type.String(),
  errors: Type.Optional(
    Type.Record(Type.String(), Type.Array(Type.String()), {
      description: '`ids`: one line per refused record; or the fields of a malformed request',
    }),
  ),
  rows: Type.Optional(Type.Array(RowFailure, { description: 'Each refused record, in the order of `ids`' })),
});

/** A refused record as the answer names it: what a single change of it would answer. */
const failureOf = (id: string, err: ApiError): BulkRowFailure => ({
  id,
  status: err.statusCode,
  message: err.message,
  ...(err.errors ? { errors: err.errors } : {}),
});

const verbOf = (action: BulkAction) => (action === 'update' ? 'updated' : 'deleted');
const countOf = (decl: ResourceDecl, n: number) => `${n} ${n === 1 ? decl.noun.one : decl.noun.many}`;

/** Messages of the bulk route, from the declaration. */
export const bulkMessages = (decl: ResourceDecl) => ({
  done: (action: BulkAction, n: number) => `${countOf(decl, n)} ${verbOf(action)}.`,
  refused: (action: BulkAction, failed: number, of: number) =>
    `Nothing was changed: ${failed} of the ${countOf(decl, of)} cannot be ${verbOf(action)}.`,
  notBulk: (field: string) => `The ${field.replace(/_/g, ' ')} field cannot be changed in bulk.`,
  noValues: 'Choose a field to change.',
  valuesOnUpdate: 'Values are only sent with a bulk update.',
});

/**
 * ajv's errors of the bulk body: those inside `values` under `values`, each in the field's own words
 * ("The selected unit status is invalid."), a field that is not bulk-editable named as such.
 */
function bulkErrors(decl: ResourceDecl, errs: AjvError[]): Record<string, string[]> {
  const inValues = (e: AjvError) =>
    e.instancePath.startsWith('/values/') || (e.instancePath === '/values' && e.keyword === 'additionalProperties');
  const out = validationErrors(errs.filter((e) => !inValues(e)));
  for (const e of errs.filter(inValues)) {
    const messages =
      e.keyword === 'additionalProperties'
        ? [bulkMessages(decl).notBulk(String(e.params.additionalProperty))]
        : Object.values(validationErrors([{ ...e, instancePath: e.instancePath.slice('/values'.length) }])).flat();
    for (const m of messages) if (!(out.values ??= []).includes(m)) out.values.push(m);
  }
  return out;
}

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

  const values = Type.Object(Object.fromEntries(fields.map((f) => [f, update[f]])), {
    additionalProperties: false,
    description: `update only: the fields to set on every record, of ${fields.join(', ')}; checked as a single update checks them`,
  });
  const body = Type.Object({
    action: Type.Unsafe<BulkAction>({
      type: 'string',
      enum: actions,
      description:
        'update: set `values` on every record (needs the update permission); delete: delete every record (needs the delete permission)',
    }),
    ids: Type.Array(Uuid, {
      minItems: 1,
      maxItems: BULK_IDS_MAX,
      uniqueItems: true,
      description: `The records, at most ${BULK_IDS_MAX}`,
    }),
    ...(fields.length ? { values: Type.Optional(values) } : {}),
    versions: Type.Optional(
      Type.Record(Type.String({ format: 'uuid' }), Type.Integer({ minimum: 1, maximum: VERSION_MAX }), {
        description:
          'By id, the version each change is based on (as If-Match of a single change): a record at another version is refused with 409',
      }),
    ),
  });
  const Done = Type.Object({
    data: Type.Object({
      message: Type.String(),
      action: Type.String(),
      count: Type.Integer(),
      ids: Type.Array(Type.String()),
    }),
  });

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
        body,
        response: { 200: Done, ...errorResponses, 409: BulkRefusalBody, 422: BulkRefusalBody },
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
      const sent = req.body as { action: BulkAction; ids: string[]; values?: Body; versions?: Record<string, number> };
      const { action, ids } = sent;
      if (action === 'update' && (!sent.values || Object.keys(sent.values).length === 0))
        throw invalid({ values: [msg.noValues] });
      if (action === 'delete' && sent.values !== undefined) throw invalid({ values: [msg.valuesOnUpdate] });
      // The resource's own refusal of the caller (access hook) answers as it does for one record.
      const { tenant } = ops.caller(req, action);
      const failures = new Map<string, BulkRowFailure>();
      const later: (() => void)[] = [];
      try {
        await app.db.transaction(async (tx) => {
          const entry = await audit(tx as unknown as Db, {
            action: `${decl.noun.one}.bulk_${verbOf(action)}`,
            entity: decl.noun.one,
            actorId: req.auth?.userId ?? null,
            // Records of the tenant only (another company's is not found); of a global resource, nobody's.
            owner: tenant ? { company: tenant } : null,
            ip: req.ip,
            detail: { ids, count: ids.length, ...(action === 'update' ? { values: sent.values } : {}) },
          });
          // In one order, so two bulk changes lock shared records alike and never wait on each other in a circle.
          const sorted = [...ids].sort();
          const detail = { bulk: String(entry) };
          // A resource whose hooks need not see each record: all at once (./bulkBatch.ts).
          const together = atOnce(action, ops.batch)
            ? await bulkAtOnce(tx, {
                decl,
                ops: ops.batch,
                req,
                tenant,
                userId: requireAuth(req).userId,
                action,
                ids: sorted,
                values: sent.values ?? {},
                versions: sent.versions,
                detail,
              })
            : null;
          if (together) {
            for (const [id, err] of together) failures.set(id, failureOf(id, err));
            if (failures.size > 0) throw new Refused();
            return;
          }
          // Record by record (or when the database refused the set-based write: a race, each record answers alone).
          for (const id of sorted) {
            const opts = { tx, later, detail, version: sent.versions?.[id] };
            try {
              // A savepoint per record: a refusal (even a failed statement) undoes that record alone, and the others
              // are still tried.
              await tx.transaction(async (sp) => {
                if (action === 'update') await ops.update(req, id, sent.values ?? {}, { ...opts, tx: sp });
                else await ops.remove(req, id, { ...opts, tx: sp });
              });
            } catch (err) {
              if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
              failures.set(id, failureOf(id, err));
            }
          }
          if (failures.size > 0) throw new Refused();
        });
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        const rows = ids.flatMap((id) => failures.get(id) ?? []);
        const status = rows.every((r) => r.status === 409) ? 409 : 422;
        throw new ApiError(
          status,
          msg.refused(action, rows.length, ids.length),
          { ids: rows.map((r) => `${r.id}: ${r.message}`) },
          undefined,
          { rows },
        );
      }
      for (const step of later) step();
      const done: BulkDone = { message: msg.done(action, ids.length), action, count: ids.length, ids };
      return { data: done };
    },
  );
}
