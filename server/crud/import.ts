// CSV import of a declared resource (docs/resources.md "Import"): `GET /{name}/import/template` (the
// file's header), `POST /{name}/import` (a file as text/csv; `?dry_run=true` checks every row and writes
// nothing) queuing a job (server/imports/jobs.ts), whose rows ./importer.ts takes; the file's columns
// matched to fields by ./importMapping.ts.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { IMPORT_BYTES_MAX, importable, importColumns, importKey } from '../../contract/imports';
import type { ResourceDecl } from '../../contract/resources/declare';
import { requireAuth } from '../auth/guard';
import { rowsOf } from '../db/rows';
import { ApiError, conflict, invalid } from '../errors';
import { csvLine, decodeUtf8, IMPORT_MESSAGES, maxColumnsOf, readFile, readHeader } from '../imports/csv';
import { importersOn } from '../imports/jobs';
import { acceptMultipart, admitUpload, uploadOf } from '../imports/upload';
import { authorize } from '../http/routeAccess';
import { pgError, UNIQUE_VIOLATION } from '../db/conn';
import { errorResponses } from '../http/schemas';
import { batchRowsOf, registerImporter, type ImportContext } from './importer';
import { importMessages, matchColumns } from './importMapping';

type App = Parameters<typeof import('./history').historyRoutes>[0];

/** One active import per company: the partial unique index of the imports table. */
const ONE_ACTIVE = 'imports_one_active';

/** The import routes of a declared resource that imports, and its importer for the job runner. */
export function importRoutes<P>(app: App, ctx: ImportContext<P>): void {
  if (!importable(ctx.decl)) return;
  registerImporter(app as unknown as FastifyInstance, ctx);
  templateRoute(app, ctx);
  uploadRoute(app, ctx);
}

/** `GET /{name}/import/template`: the file's header row, labelled as the form labels the fields. */
function templateRoute<P>(app: App, { decl, ops, rules, tags }: ImportContext<P>): void {
  const key = importKey(decl);
  const header = importColumns(decl).map((c) => c.label);
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
      config: rules('create'),
    },
    async (req, reply) => {
      ops.caller(req, 'create');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${decl.name}-import.csv"`);
      return csvLine(header);
    },
  );
}

/**
 * `POST /{name}/import`: the file (text/csv, or a multipart form with `dry_run` and `mapping`) queued
 * as a job, in a context of its own (no other route of the resource reads a CSV or a form).
 */
function uploadRoute<P>(app: App, { decl, ops, rules, tags }: ImportContext<P>): void {
  const key = importKey(decl);
  const msg = importMessages(decl);
  const maxColumns = maxColumnsOf(decl);
  void app.register(async (upload: FastifyInstance) => {
    upload.addContentTypeParser('text/csv', csvBody);

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
            `Each row is created${key.length ? `, or updates the ${decl.noun.one} with the same ${key.join(' and ')},` : ''} as a single create or update would be (validation, tenancy, the resource's rules, audit), in batches of ${batchRowsOf(ops)} rows, one transaction each. ` +
            'References may be given by name or key. One import per company at a time (409). Needs the create permission, and the update permission for rows that update.',
          consumes: ['text/csv', 'multipart/form-data'],
          querystring: Query,
          response: {
            202: Type.Object({ data: Type.Object({ id: Type.String({ format: 'uuid' }) }) }),
            ...errorResponses,
          },
        },
        config: rules('create'),
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
        const { dryRun, sent } = requestChoices(req, file.fields, msg);
        const mapping = matchColumns(decl, rows[0], sent);
        const id = await queueImport(app as unknown as FastifyInstance, decl, req, {
          tenant,
          dryRun,
          mapping,
          text,
          rows,
        });
        importersOn(app as unknown as FastifyInstance).kick();
        reply.code(202);
        return { data: { id } };
      },
    );
  });
}

/**
 * The file as its bytes, on the upload route only: read with the size limit (422 past it), checked as
 * UTF-8 in the handler.
 */
function csvBody(
  _req: FastifyRequest,
  payload: IncomingMessage,
  done: (err: Error | null, body?: Buffer) => void,
): void {
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
  payload.on('error', (err: Error) => {
    if (!over) done(err, undefined);
  });
}

/** The request's `dry_run` and `mapping`: the query's, else the form's (422 for a bad one). */
function requestChoices(
  req: FastifyRequest,
  fields: Partial<Record<'dry_run' | 'mapping', string>>,
  msg: ReturnType<typeof importMessages>,
): { dryRun: boolean; sent: Record<string, string> | undefined } {
  const query = req.query as { dry_run?: boolean; mapping?: string };
  const formDryRun = fields.dry_run?.trim().toLowerCase();
  if (formDryRun !== undefined && formDryRun !== 'true' && formDryRun !== 'false')
    throw invalid({ dry_run: [msg.badDryRun] });
  const dryRun = query.dry_run ?? formDryRun === 'true';
  const mappingText = query.mapping ?? fields.mapping;
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
  return { dryRun, sent };
}

/** The import's job row (one active per company: 409 while another runs); answers its id. */
async function queueImport(
  app: FastifyInstance,
  decl: ResourceDecl,
  req: FastifyRequest,
  job: { tenant: string | null; dryRun: boolean; mapping: Record<string, string>; text: string; rows: string[][] },
): Promise<string> {
  const { tenant, dryRun, mapping, text, rows } = job;
  const auth = requireAuth(req);
  let id: string;
  try {
    [{ id }] = rowsOf<{ id: string }>(
      await app.db.execute(sql`
        insert into imports (resource, company_id, user_id, caller, dry_run, mapping, content, rows, header)
        values (${decl.name}, ${tenant}, ${auth.userId}, ${JSON.stringify({ auth, ip: req.ip })}::jsonb, ${dryRun},
          ${JSON.stringify(mapping)}::jsonb, ${text}, ${rows.length - 1}, ${JSON.stringify(rows[0])}::jsonb)
        returning id`),
    );
  } catch (err) {
    if (!(err instanceof ApiError) && pgError(err).code === UNIQUE_VIOLATION && pgError(err).constraint === ONE_ACTIVE)
      throw conflict(importMessages(decl).busy);
    throw err;
  }
  return id;
}
