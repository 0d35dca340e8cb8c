// An import's status and its failed rows (docs/resources.md "Import"): `GET /imports/{id}` and
// `GET /imports/{id}/errors.csv`. An import is seen by callers of its company (X-Tenant) — or, for a
// global resource's, by whoever started it and a super admin — who may create that resource's records;
// anyone else's asking answers 404, as another company's record does.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { mayOpenArea, areaByKey } from '../../contract/access';
import { hasPermission, SUPER_ADMIN } from '../../contract/roles';
import { requireAuth } from '../auth/guard';
import { forbidden, notFound } from '../errors';
import { isUuid } from '../db/conn';
import { errorResponses } from '../http/schemas';
import { errorsCsv, importersOn, importRow, statusOf } from './jobs';

const NOT_FOUND = 'Import not found.';

const RowError = Type.Object({
  row: Type.Integer({ description: 'The row of the file (the header is row 1)' }),
  field: Type.String({ description: "The field, or '' for the whole row" }),
  message: Type.String(),
});
export const ImportStatusSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  resource: Type.String(),
  dry_run: Type.Boolean(),
  state: Type.Unsafe<string>({ type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] }),
  message: Type.Union([Type.String(), Type.Null()], {
    description: 'Why it failed as a whole, or what an interruption kept',
  }),
  mapping: Type.Record(Type.String(), Type.String(), { description: 'Column → field' }),
  counts: Type.Object(
    {
      rows: Type.Integer(),
      done: Type.Integer(),
      created: Type.Integer(),
      updated: Type.Integer(),
      failed: Type.Integer(),
    },
    { description: 'A dry run counts what would be created and updated' },
  ),
  errors: Type.Array(RowError),
  preview: Type.Array(Type.Object({ row: Type.Integer(), action: Type.String({ enum: ['create', 'update'] }) }), {
    description: 'A dry run: what each row that passed would do',
  }),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
const Params = Type.Object({ id: Type.String({ maxLength: 64, description: 'The import id' }) });

const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const importers = importersOn(app);
  /** The import if this caller may see it (404 otherwise), and may create its resource's records (403 otherwise). */
  async function visible(req: FastifyRequest, id: string) {
    const auth = requireAuth(req);
    const row = isUuid(id) ? await importRow(app.db, id) : null;
    if (!row) throw notFound(NOT_FOUND);
    const mine =
      row.company_id !== null
        ? req.tenantId === row.company_id
        : row.user_id === auth.userId || auth.role === SUPER_ADMIN;
    if (!mine) throw notFound(NOT_FOUND);
    const importer = importers.get(row.resource);
    if (
      !importer ||
      !mayOpenArea(areaByKey(importer.area), auth) ||
      (auth.role !== SUPER_ADMIN && !hasPermission(auth.permissions, importer.permission))
    )
      throw forbidden();
    return row;
  }

  app.get(
    '/imports/:id',
    {
      schema: {
        tags: ['imports'],
        summary: 'An import: its state, counts and row errors',
        description:
          'Seen in its company (X-Tenant) by whoever may create its records. The counts move a batch of 500 rows at a time.',
        params: Params,
        response: { 200: Type.Object({ data: ImportStatusSchema }), ...errorResponses },
      },
    },
    async (req) => ({ data: statusOf(await visible(req, req.params.id)) }),
  );

  app.get(
    '/imports/:id/errors.csv',
    {
      schema: {
        tags: ['imports'],
        summary: "An import's failed rows as CSV, with an Error column",
        description:
          'The file’s header and each refused row as it was sent, plus why; cells a spreadsheet would run as a formula start with a quote.',
        params: Params,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'CSV' }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const row = await visible(req, req.params.id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${row.resource}-import-errors.csv"`);
      return errorsCsv(app.db, row.id);
    },
  );
};

export default importRoutes;
