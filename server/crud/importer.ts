// An import's job steps for a declared resource (docs/resources.md "Import"): what the job runner
// (server/imports/jobs.ts) calls for each batch of a file's rows. Each row is made a body as the create
// or update route takes it and checked by that route's schema (./importRows.ts), then either the whole
// batch set-based (./importBatch.ts: a resource whose hooks need not see each row) or each row through
// the very create or update of ./operations.ts on the batch's transaction (tenancy, checks, hooks,
// audit with `detail.import`). A row whose key matches a record updates it; a key seen earlier in the
// file is refused.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_BATCH, IMPORT_ROW_BATCH, importKey } from '../../contract/imports';
import type { ResourceDecl } from '../../contract/resources/declare';
import { hasPermission, SUPER_ADMIN } from '../../contract/roles';
import { requireAuth } from '../auth/guard';
import { ApiError } from '../errors';
import { validationErrors } from '../http/errors-plugin';
import type { RouteAccess } from '../http/routeAccess';
import { importersOn, type ImportJob, type ImportSteps, type RowStep } from '../imports/jobs';
import type { HistoryContext } from './history';
import { batchStep, duplicateOf } from './importBatch';
import { importMessages } from './importMapping';
import { rowPreparer, settled } from './importRows';
import { trimKinds } from './kinds';
import type { CrudQueries } from './queries';
import type { CrudSchemas } from './schemas';

type Body = Record<string, unknown>;
type Action = 'create' | 'update';

export interface ImportContext<P> extends Omit<HistoryContext<P>, 'hooks' | 'rules'> {
  q: CrudQueries;
  rules: (action: Action) => { access: RouteAccess };
}

/**
 * The create and update routes' own body schemas, compiled by the server's validator once asked (the
 * 422 messages of a single create or update): a body's field errors, or null.
 */
function bodyValidators(app: FastifyInstance, decl: ResourceDecl, schemas: CrudSchemas) {
  const validators = new Map<Action, (body: Body) => Record<string, string[]> | null>();
  return (action: Action) => {
    let v = validators.get(action);
    if (!v) {
      const compile = app.validatorCompiler;
      if (!compile) throw new Error(`Resource "${decl.name}": the server has no validator compiler yet`);
      const compiled = compile({
        schema: action === 'create' ? schemas.create : schemas.update,
        method: action === 'create' ? 'POST' : 'PUT',
        url: decl.path,
        httpPart: 'body',
      }) as unknown as ((b: Body) => boolean) & { errors?: unknown[] };
      v = (body: Body) =>
        compiled(body) ? null : validationErrors((compiled.errors ?? []) as Parameters<typeof validationErrors>[0]);
      validators.set(action, v);
    }
    return v;
  };
}

/** The referenced resource's own keys, so a reference cell may name a record by its key (a property's reference). */
function refKeysOn(app: FastifyInstance) {
  return (to: string) => {
    const referenced = app.mountedResources.list().find((m) => m.decl.name === to)?.decl;
    return referenced ? importKey(referenced).filter((k) => !('ref' in referenced.fields[k])) : [];
  };
}

/** The rows of one transaction: set-based batches take more than rows that go one by one (ten statements each). */
export const batchRowsOf = <P>(ops: ImportContext<P>['ops']) => (ops.batch ? IMPORT_BATCH : IMPORT_ROW_BATCH);

/** Registers the resource's importer with the job runner. */
export function registerImporter<P>(app: FastifyInstance, { decl, schemas, ops, q, rules }: ImportContext<P>): void {
  const msg = importMessages(decl);
  const key = importKey(decl);
  const trim = trimKinds(decl);
  const createAccess = rules('create');
  const updatePermission = rules('update').access.permission;
  const validator = bodyValidators(app, decl, schemas);
  const refKeys = refKeysOn(app);
  importersOn(app).set(decl.name, {
    decl,
    batchRows: batchRowsOf(ops),
    permission: createAccess.access.permission,
    area: createAccess.access.area,
    async start(job: ImportJob, req: FastifyRequest, header: string[]): Promise<ImportSteps> {
      const tenant = decl.tenancy === 'scoped' ? job.company_id : null;
      const prepare = rowPreparer({
        decl,
        q,
        tenant,
        fields: header.map((h) => (Object.hasOwn(job.mapping, h) ? job.mapping[h] : null)),
        key,
        refKeys,
        // Asked per row: the runner refreshes the caller before each batch (what they may do now).
        mayUpdate: () => {
          const auth = requireAuth(req);
          return auth.role === SUPER_ADMIN || hasPermission(auth.permissions, updatePermission);
        },
        trim,
        validate: (action, body) => validator(action)(body),
        msg,
      });
      const seen = new Map<string, number>();
      const duplicate = duplicateOf(key[key.length - 1], msg.duplicate);
      // One row alone: prepared as a batch of one, then the very create or update of a single request.
      const row: RowStep = async (tx, cells, line, later) => {
        const [p] = await prepare(tx, [{ cells, row: line }]);
        const plan = settled(p, p.signature === undefined ? undefined : seen.get(p.signature), duplicate);
        if (plan instanceof ApiError) throw plan;
        const opts = { tx, later, detail: { import: job.id } };
        if (plan.id) await ops.update(req, plan.id, plan.body, opts);
        else await ops.create(req, plan.body, opts);
        if (p.signature !== undefined) seen.set(p.signature, line);
        return plan.action;
      };
      // The whole batch at once where the resource's hooks need not see each row.
      const batch = ops.batch
        ? batchStep({ decl, q, ops: ops.batch, req, tenant, jobId: job.id, prepare, seen, duplicate })
        : null;
      return { row, batch };
    },
  });
}
