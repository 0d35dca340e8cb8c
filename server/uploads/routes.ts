// Uploaded files (docs/resources.md "Files", docs/security.md "Uploaded files"):
// `POST /uploads` takes one file (the multipart part `file`), tells its type from its bytes, keeps it
// for its uploader until a record's file field takes it; `GET /uploads/{id}` sends it back to whoever
// may read a record holding it (or, unattached, to its uploader). Anyone else — another company's
// user, a caller without the resource's permission — gets 404, as for a file that does not exist.
// The session is checked before the body is read (server/auth/sessionFirst.ts), and the uploads being
// received at once are bounded per caller and per server, like the imports'.
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, count, eq, isNull } from 'drizzle-orm';
import { Type } from 'typebox';
import { areaByKey, areaKeyOf, mayOpenArea, permissionOf } from '../../contract/access';
import { hasPermission, SUPER_ADMIN } from '../../contract/roles';
import { FILE_TYPES, FILE_TYPE_KEYS, MB, typesText, UPLOAD_MB_MAX } from '../../contract/uploads';
import { requireAuth } from '../auth/guard';
import { columnOf } from '../crud/binding';
import { mountedOn } from '../crud/dependents';
import { isUuid } from '../db/conn';
import { uploads } from '../db/uploadTables';
import { ApiError, invalid, notFound, tooMany } from '../errors';
import { errorResponses } from '../http/schemas';
import { contentDisposition, safeName } from './names';
import { sniff, SNIFF_BYTES } from './sniff';
import { fileStore } from './store';

/** Files one caller may be sending at once, and the server in all (each is held in memory, up to UPLOAD_MB_MAX). */
export const UPLOADS_PER_CALLER = 2;
export const UPLOADS_AT_ONCE = 8;
/** Uploads one user may keep unattached at once (each is swept a day after it came). */
export const UNATTACHED_PER_USER = 100;
const RETRY_AFTER_S = 5;

export const UPLOAD_MESSAGES = {
  notFound: 'File not found.',
  noFile: 'Send the file as the field "file" of a multipart/form-data form.',
  badForm: 'The form could not be read: send one file, as the field "file", and nothing else.',
  type: `The file must be a ${typesText(FILE_TYPE_KEYS)} file: its content is not one of these, whatever its name says.`,
  tooLarge: `The file may not be larger than ${UPLOAD_MB_MAX} MB.`,
  empty: 'The file is empty.',
  tooManyOfYours: `You are already sending ${UPLOADS_PER_CALLER} files. Wait for one to arrive, then try again.`,
  tooManyAtOnce: 'The server is receiving too many files at once. Try again in a few seconds.',
  tooManyKept: `You have ${UNATTACHED_PER_USER} uploaded files not yet saved with a record. Save or wait a day, then try again.`,
};

const receiving = { total: 0, byCaller: new Map<string, number>() };

/** A slot for the caller's upload until the reply is over, or 429 past the caller's or the server's bound. */
function admit(userId: string, reply: FastifyReply): void {
  const mine = receiving.byCaller.get(userId) ?? 0;
  if (mine >= UPLOADS_PER_CALLER) throw tooMany(RETRY_AFTER_S, UPLOAD_MESSAGES.tooManyOfYours);
  if (receiving.total >= UPLOADS_AT_ONCE) throw tooMany(RETRY_AFTER_S, UPLOAD_MESSAGES.tooManyAtOnce);
  receiving.total++;
  receiving.byCaller.set(userId, mine + 1);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    receiving.total--;
    const left = (receiving.byCaller.get(userId) ?? 1) - 1;
    if (left > 0) receiving.byCaller.set(userId, left);
    else receiving.byCaller.delete(userId);
  };
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
}

const UploadRead = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  size: Type.Integer({ description: 'Bytes' }),
  content_type: Type.String({ enum: FILE_TYPE_KEYS.map((t) => FILE_TYPES[t].contentType) }),
  sha256: Type.String({ description: 'The hex SHA-256 of the bytes' }),
});
const Params = Type.Object({ id: Type.String({ maxLength: 64, description: 'The upload id' }) });

interface Received {
  bytes: Buffer;
  filename: string;
}

/** The one file part, read with the size bound enforced as it streams; refused (422) as soon as its first bytes
 * show a type no field takes. */
async function receive(req: FastifyRequest): Promise<Received> {
  if (!req.isMultipart()) throw invalid({ file: [UPLOAD_MESSAGES.noFile] });
  let got: Received | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || got) throw invalid({ file: [UPLOAD_MESSAGES.badForm] });
      const chunks: Buffer[] = [];
      let size = 0;
      let known = false;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (!known && size >= SNIFF_BYTES) {
          if (!sniff(Buffer.concat(chunks))) throw invalid({ file: [UPLOAD_MESSAGES.type] });
          known = true;
        }
      }
      if (part.file.truncated) throw invalid({ file: [UPLOAD_MESSAGES.tooLarge] });
      got = { bytes: Buffer.concat(chunks, size), filename: part.filename };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ file: [UPLOAD_MESSAGES.tooLarge] });
    if (typeof code === 'string' && code.startsWith('FST_')) throw invalid({ file: [UPLOAD_MESSAGES.badForm] });
    if (err instanceof Error && /multipart|boundary|unexpected end/i.test(err.message))
      throw invalid({ file: [UPLOAD_MESSAGES.badForm] });
    throw err;
  }
  if (!got) throw invalid({ file: [UPLOAD_MESSAGES.noFile] });
  if (got.bytes.length === 0) throw invalid({ file: [UPLOAD_MESSAGES.empty] });
  return got;
}

const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MB_MAX * MB, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: false,
  });
  const mounted = mountedOn(app);
  const store = fileStore();

  /**
   * Whether the caller may read the record holding an upload: the resource's area and its view
   * permission (delete for a record in the trash: who may see the trash), the record's company —
   * read from the record itself, never from X-Tenant — among the caller's, and the resource's reach.
   */
  async function mayRead(req: FastifyRequest, resource: string, recordId: string): Promise<boolean> {
    const auth = requireAuth(req);
    const m = mounted.list().find((x) => x.decl.name === resource);
    if (!m || !mayOpenArea(areaByKey(areaKeyOf(m.decl)), auth)) return false;
    const table = m.binding.table;
    const id = columnOf(table, 'id')?.column;
    if (!id) return false;
    const company = columnOf(table, 'company_id')?.column;
    const deletedAt = columnOf(table, 'deleted_at')?.column;
    let reach;
    try {
      reach = m.scope?.(req);
    } catch {
      return false; // the resource's access refuses this caller: as if the record did not exist
    }
    const [row] = (await app.db
      .select({ company: company ?? id, deletedAt: deletedAt ?? id })
      .from(table)
      .where(and(eq(id, recordId), reach))) as { company: string; deletedAt: unknown }[];
    if (!row) return false;
    const trashed = deletedAt !== undefined && row.deletedAt !== null;
    const action = trashed ? 'delete' : 'view';
    if (auth.role !== SUPER_ADMIN && !hasPermission(auth.permissions, permissionOf(m.decl, action))) return false;
    if (m.decl.tenancy === 'scoped' && company)
      return auth.role === SUPER_ADMIN || auth.companyIds.includes(row.company);
    return true;
  }

  app.post(
    '/uploads',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload a file for a file field',
        description: `One file as the part "file" of a multipart/form-data form: ${typesText(FILE_TYPE_KEYS)}, told by its content, at most ${UPLOAD_MB_MAX} MB. Answers its id, which a record's file field then takes (the field's own types and size apply then). Kept for its uploader only until a record takes it; deleted after a day if none does.`,
        consumes: ['multipart/form-data'],
        response: { 201: Type.Object({ data: UploadRead }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { userId } = requireAuth(req);
      admit(userId, reply);
      const [{ n }] = await app.db
        .select({ n: count() })
        .from(uploads)
        .where(and(eq(uploads.uploadedBy, userId), isNull(uploads.recordId)));
      if (n >= UNATTACHED_PER_USER) throw tooMany(RETRY_AFTER_S, UPLOAD_MESSAGES.tooManyKept);
      const { bytes, filename } = await receive(req);
      const type = sniff(bytes);
      if (!type) throw invalid({ file: [UPLOAD_MESSAGES.type] });
      const row = {
        name: safeName(filename, type),
        size: bytes.length,
        contentType: FILE_TYPES[type].contentType,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploadedBy: userId,
      };
      const saved = await app.db.transaction(async (tx) => {
        const [made] = await tx.insert(uploads).values(row).returning({ id: uploads.id });
        await store.put(tx, made.id, bytes);
        return made;
      });
      reply.code(201);
      return {
        data: { id: saved.id, name: row.name, size: row.size, content_type: row.contentType, sha256: row.sha256 },
      };
    },
  );

  app.get(
    '/uploads/:id',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Download an uploaded file',
        description:
          'Sent as an attachment with its stored type, to whoever may read a record holding it (its view permission, or delete while the record is in the trash, in the record’s own company), or to its uploader while no record holds it. Anyone else: 404.',
        params: Params,
        produces: ['application/octet-stream'],
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { userId } = requireAuth(req);
      const id = req.params.id.toLowerCase();
      const [found] = isUuid(id) ? await app.db.select().from(uploads).where(eq(uploads.id, id)) : [];
      const allowed =
        found &&
        (found.recordId === null
          ? found.uploadedBy === userId
          : found.resource !== null && (await mayRead(req, found.resource, found.recordId)));
      if (!found || !allowed) throw notFound(UPLOAD_MESSAGES.notFound);
      const bytes = await store.get(app.db, found.id);
      if (!bytes) throw notFound(UPLOAD_MESSAGES.notFound);
      return reply
        .header('content-type', found.contentType)
        .header('content-disposition', contentDisposition(found.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};

export default uploadRoutes;
