// CSV import of a declared resource (docs/resources.md "Import"): `GET /{name}/import/template` (the
// file's header), `POST /{name}/import` (a file as text/csv; `?dry_run=true` checks every row and writes
// nothing) queuing a job (server/imports/jobs.ts), and the steps of the job's rows: each row made a body
// as the create or update route takes it and checked by that route's schema (./importRows.ts), then
// either the whole batch set-based (./importBatch.ts: a resource whose hooks need not see each row) or
// each row through the very create or update of ./operations.ts on the batch's transaction (tenancy,
// checks, hooks, audit with `detail.import`). A row whose key matches a record updates it; a key seen
// earlier in the file is refused.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  IMPORT_BATCH,
  IMPORT_BYTES_MAX,
  IMPORT_ROW_BATCH,
  importable,
  importColumns,
  importKey,
} from '../../contract/imports';
import type { ResourceDecl } from '../../contract/resources/declare';
import { hasPermission, SUPER_ADMIN } from '../../contract/roles';
import { requireAuth } from '../auth/guard';
import { rowsOf } from '../auth/rows';
import { ApiError, conflict, invalid } from '../errors';
import { validationErrors } from '../http/errors-plugin';
import { csvLine, decodeUtf8, IMPORT_MESSAGES, maxColumnsOf, readFile, readHeader } from '../imports/csv';
import { importersOn, type ImportJob, type ImportSteps, type RowStep } from '../imports/jobs';
import { acceptMultipart, admitUpload, uploadOf } from '../imports/upload';
import { authorize, type RouteAccess } from '../http/routeAccess';
import { pgError, UNIQUE_VIOLATION } from '../db/conn';
import { errorResponses } from '../http/schemas';
import type { HistoryContext } from './history';
import { batchStep, duplicateOf } from './importBatch';
import { rowPreparer, settled } from './importRows';
import { trimKinds } from './kinds';
import type { CrudQueries } from './queries';

type Body = Record<string, unknown>;
type App = Parameters<typeof import('./history').historyRoutes>[0];

/** One active import per company: the partial unique index of the imports table. */
const ONE_ACTIVE = 'imports_one_active';

export const importMessages = (decl: ResourceDecl) => ({
  busy: `An import is already running for this company. Wait for it to finish, then try again.`,
  badDryRun: 'dry_run must be true or false.',
  noColumn: `No column of the file matches a field of the ${decl.noun.many}: name the columns as the template does.`,
  notAField: (header: string, field: string) =>
    `The column "${header}" is mapped to "${field}", which is not a field an import fills.`,
  twice: (label: string, a: string, b: string) => `The columns "${a}" and "${b}" both fill the ${label.toLowerCase()}.`,
  badMapping: 'The mapping must be a JSON object of column → field name.',
  noMatch: (as: string, text: string) => `No ${as.replace(/_/g, ' ')} "${text}" in this company.`,
  ambiguous: (as: string, text: string) =>
    `Several ${as.replace(/_/g, ' ')} records match "${text}": use its reference.`,
  duplicate: (row: number) => `Row ${row} of the file has the same key: a record is imported once.`,
  mayNotUpdate: `This row matches an existing ${decl.noun.one}, and you may not update ${decl.noun.many}.`,
  notChoice: (label: string) => `The selected ${label.toLowerCase()} is invalid.`,
});

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/**
 * The file's columns → fields: the request's mapping where it names a column ('' skips it), else a
 * column named like a field, its label or a reference's `as`. Refused (422) when nothing matches.
 */
export function matchColumns(
  decl: ResourceDecl,
  header: string[],
  sent: Record<string, string> | undefined,
): Record<string, string> {
  const msg = importMessages(decl);
  const columns = importColumns(decl);
  const byName = new Map<string, string>();
  for (const { field, label } of columns) {
    for (const n of [field, label]) byName.set(norm(n), field);
    const f = decl.fields[field];
    if ('ref' in f) byName.set(norm(f.ref.as), field);
  }
  const fields = new Set(columns.map((c) => c.field));
  // Keyed by the file's own headers: no prototype, so a column named "__proto__" is a key like any other.
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  const filledBy = new Map<string, string>();
  const errors: string[] = [];
  for (const h of header) {
    const mapped = sent && Object.hasOwn(sent, h) ? sent[h] : byName.get(norm(h));
    if (!mapped) continue;
    if (!fields.has(mapped)) {
      errors.push(msg.notAField(h, mapped));
      continue;
    }
    const first = filledBy.get(mapped);
    if (first !== undefined) errors.push(msg.twice(decl.fields[mapped].label, first, h));
    filledBy.set(mapped, h);
    out[h] = mapped;
  }
  if (errors.length) throw invalid({ mapping: errors });
  if (Object.keys(out).length === 0) throw invalid({ file: [msg.noColumn] });
  return out;
}

interface ImportContext<P> extends Omit<HistoryContext<P>, 'hooks' | 'rules'> {
  q: CrudQueries;
  rules: (action: 'create' | 'update') => { access: RouteAccess };
}

/** The import routes of a declared resource that imports, and its importer for the job runner. */
export function importRoutes<P>(app: App, { decl, schemas, ops, q, rules, tags }: ImportContext<P>): void {
  if (!importable(decl)) return;
  const msg = importMessages(decl);
  const columns = importColumns(decl);
  const key = importKey(decl);
  const trim = trimKinds(decl);
  const createAccess = rules('create');
  const updatePermission = rules('update').access.permission;
  const importers = importersOn(app as unknown as FastifyInstance);
  // The referenced resources' own keys, so a reference cell may name a record by its key (a property's reference).
  const refKeys = (to: string) => {
    const referenced = (app as unknown as FastifyInstance).mountedResources
      .list()
      .find((m) => m.decl.name === to)?.decl;
    return referenced ? importKey(referenced).filter((k) => !('ref' in referenced.fields[k])) : [];
  };
  const validators = new Map<'create' | 'update', (body: Body) => Record<string, string[]> | null>();
  const validator = (action: 'create' | 'update') => {
    let v = validators.get(action);
    if (!v) {
      // The route's own schema, compiled by the server's validator (the 422 messages of a single create or update).
      const compile = (app as unknown as FastifyInstance).validatorCompiler;
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

  // Rows that go one by one take ten statements or so each: fewer of them to a transaction.
  const batchRows = ops.batch ? IMPORT_BATCH : IMPORT_ROW_BATCH;
  importers.set(decl.name, {
    decl,
    batchRows,
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

  const header = columns.map((c) => c.label);
  app.get(
    `${decl.path}/import/template`,
    {
      schema: {
        tags,
        summary: `An empty CSV file to import ${decl.noun.many}: the header row`,
        description: `The columns an import reads, labelled as the form labels them${key.length ? `; a row whose ${key.join(' and ')} match a record updates it` : ''}.`,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'CSV' }), ...errorResponses },
      },
      config: createAccess,
    },
    async (req, reply) => {
      ops.caller(req, 'create');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${decl.name}-import.csv"`);
      return csvLine(header);
    },
  );

  const maxColumns = maxColumnsOf(decl);
  // The upload route in a context of its own: no other route of the resource reads a CSV or a form.
  void app.register(async (upload: FastifyInstance) => {
    // The file arrives as its bytes, on this route only: read here with the size limit, checked as
    // UTF-8 in the handler.
    upload.addContentTypeParser('text/csv', (req, payload, done) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let over = false;
      payload.on('data', (chunk: Buffer) => {
        if (over) return;
        size += chunk.length;
        if (size > IMPORT_BYTES_MAX) {
          over = true;
          chunks.length = 0;
          done(invalid({ file: [IMPORT_MESSAGES.tooLarge] }), undefined);
          payload.resume();
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => {
        if (!over) done(null, Buffer.concat(chunks));
      });
      payload.on('error', (err) => {
        if (!over) done(err, undefined);
      });
    });

    acceptMultipart(upload);

    const Query = Type.Object({
      dry_run: Type.Optional(
        Type.Boolean({
          description:
            'true: check every row and write nothing; the status lists what each row would do (false when left out)',
        }),
      ),
      mapping: Type.Optional(
        Type.String({
          maxLength: 20_000,
          description:
            'A JSON object of column → field name ("" skips the column); columns it leaves out are matched by field name or label',
        }),
      ),
    });
    upload.post(
      `${decl.path}/import`,
      {
        schema: {
          tags,
          summary: `Import ${decl.noun.many} from a CSV file (text/csv or multipart/form-data)`,
          description:
            `The body is the file (UTF-8, a header row, at most 50 MB and 200 000 rows) as text/csv, or a multipart/form-data form with the file as the field \`file\` and, optionally, the fields \`dry_run\` and \`mapping\` (the query's win when both are sent); answered at once with the import's id, whose progress and row errors \`GET /imports/{id}\` reads. ` +
            `Each row is created${key.length ? `, or updates the ${decl.noun.one} with the same ${key.join(' and ')},` : ''} as a single create or update would be (validation, tenancy, the resource's rules, audit), in batches of ${batchRows} rows, one transaction each. ` +
            'References may be given by name or key. One import per company at a time (409). Needs the create permission, and the update permission for rows that update.',
          consumes: ['text/csv', 'multipart/form-data'],
          querystring: Query,
          response: {
            202: Type.Object({ data: Type.Object({ id: Type.String({ format: 'uuid' }) }) }),
            ...errorResponses,
          },
        },
        config: createAccess,
        // Who may import, and a slot for the file, before a byte of it is read (the route's access check
        // runs again before validation; it reads no body here).
        preParsing: async (req, reply) => {
          await authorize(req);
          admitUpload(req, reply);
        },
      },
      async (req, reply) => {
        const { tenant } = ops.caller(req, 'create');
        const file = await uploadOf(req);
        const text = decodeUtf8(file.bytes);
        // The header alone first: a file too wide is refused before its rows are read.
        await readHeader(text, maxColumns);
        const rows = await readFile(text, maxColumns);
        const query = req.query as { dry_run?: boolean; mapping?: string };
        const formDryRun = file.fields.dry_run?.trim().toLowerCase();
        if (formDryRun !== undefined && formDryRun !== 'true' && formDryRun !== 'false')
          throw invalid({ dry_run: [msg.badDryRun] });
        const dryRun = query.dry_run ?? formDryRun === 'true';
        const mappingText = query.mapping ?? file.fields.mapping;
        let sent: Record<string, string> | undefined;
        if (mappingText !== undefined) {
          try {
            sent = JSON.parse(mappingText) as Record<string, string>;
          } catch {
            sent = undefined;
          }
          if (
            !sent ||
            typeof sent !== 'object' ||
            Array.isArray(sent) ||
            Object.values(sent).some((v) => typeof v !== 'string')
          )
            throw invalid({ mapping: [msg.badMapping] });
        }
        const mapping = matchColumns(decl, rows[0], sent);
        const auth = requireAuth(req);
        let id: string;
        try {
          [{ id }] = rowsOf<{ id: string }>(
            await (app as unknown as FastifyInstance).db.execute(sql`
              insert into imports (resource, company_id, user_id, caller, dry_run, mapping, content, rows, header)
              values (${decl.name}, ${tenant}, ${auth.userId}, ${JSON.stringify({ auth, ip: req.ip })}::jsonb, ${dryRun},
                ${JSON.stringify(mapping)}::jsonb, ${text}, ${rows.length - 1}, ${JSON.stringify(rows[0])}::jsonb)
              returning id`),
          );
        } catch (err) {
          if (
            !(err instanceof ApiError) &&
            pgError(err).code === UNIQUE_VIOLATION &&
            pgError(err).constraint === ONE_ACTIVE
          )
            throw conflict(msg.busy);
          throw err;
        }
        importers.kick();
        reply.code(202);
        return { data: { id } };
      },
    );
  });
}
