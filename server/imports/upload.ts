// The file an import request carries (docs/resources.md "Import"): its body as text/csv, or the part
// `file` of a multipart/form-data form — what a browser's file field or `curl -F file=@units.csv` sends —
// with `dry_run` and `mapping` as form fields beside it, read only once the caller is let through.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMPORT_BYTES_MAX, IMPORT_UPLOADS_MAX, IMPORT_UPLOADS_PER_CALLER } from '../../contract/imports';
import { requireAuth } from '../auth/guard';
import { ApiError, invalid, tooMany } from '../errors';
import { refuseUnstorable } from '../http/storable-text';
import { IMPORT_MESSAGES } from './csv';

export const UPLOAD_MESSAGES = {
  tooManyOfYours:
    `You are already sending ${IMPORT_UPLOADS_PER_CALLER} import files. ` +
    'Wait for one to be received, then try again.',
  tooManyAtOnce: 'The server is receiving too many import files at once. Try again in a few seconds.',
  noFile: 'Send the file as text/csv, or as the field "file" of a multipart/form-data form.',
  badForm:
    'The form could not be read: send one file as the field "file", and at most the fields "dry_run" and "mapping".',
  fieldTooLong: (name: string) => `The field "${name}" is too long.`,
};

/** What the form may hold beside the file (the query's parameters, which win when both are sent). */
const FIELDS = ['dry_run', 'mapping'] as const;
type Field = (typeof FIELDS)[number];
const FIELD_BYTES_MAX = 20_000;

/** Retry-After (seconds) of an upload refused for the bound: about one file's upload and read. */
export const UPLOAD_RETRY_AFTER_S = 5;

/** The uploads being received now, per caller and in all (this process). */
const uploads = { total: 0, byCaller: new Map<string, number>() };

/** Uploads in flight now, in all or of one user (tests). */
export const uploadsInFlight = (userId?: string): number =>
  userId === undefined ? uploads.total : (uploads.byCaller.get(userId) ?? 0);

/**
 * Takes an upload slot for the signed-in caller until the reply is over (sent, or the connection
 * closed), or refuses (429) past the caller's or the server's bound. Called before the body is read,
 * after the route's access check: a file is only ever held for someone allowed to import it.
 */
export function admitUpload(req: FastifyRequest, reply: FastifyReply): void {
  const { userId } = requireAuth(req);
  const mine = uploads.byCaller.get(userId) ?? 0;
  if (mine >= IMPORT_UPLOADS_PER_CALLER) throw tooMany(UPLOAD_RETRY_AFTER_S, UPLOAD_MESSAGES.tooManyOfYours);
  if (uploads.total >= IMPORT_UPLOADS_MAX) throw tooMany(UPLOAD_RETRY_AFTER_S, UPLOAD_MESSAGES.tooManyAtOnce);
  uploads.total++;
  uploads.byCaller.set(userId, mine + 1);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    uploads.total--;
    const left = (uploads.byCaller.get(userId) ?? 1) - 1;
    if (left > 0) uploads.byCaller.set(userId, left);
    else uploads.byCaller.delete(userId);
  };
  // 'close' follows every response's end and a client gone mid-upload alike; 'finish' covers a
  // response object that never closes (app.inject's).
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
}

/** Lets the import route of this context read multipart forms (the parts are read by `uploadOf`, in the handler). */
export function acceptMultipart(app: FastifyInstance): void {
  void app.register(multipart, {
    limits: {
      fileSize: IMPORT_BYTES_MAX,
      files: 1,
      fields: FIELDS.length,
      parts: FIELDS.length + 1,
      fieldSize: FIELD_BYTES_MAX,
    },
    throwFileSizeLimit: true,
  });
}

export interface Upload {
  bytes: Buffer;
  fields: Partial<Record<Field, string>>;
}

/** The request's file and form fields; refused (422) without a file, with a part too large or a form it cannot read. */
export async function uploadOf(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) {
    if (!Buffer.isBuffer(req.body)) throw invalid({ file: [UPLOAD_MESSAGES.noFile] });
    return { bytes: req.body, fields: {} };
  }
  const fields: Upload['fields'] = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || bytes) throw invalid({ file: [UPLOAD_MESSAGES.badForm] });
        bytes = await part.toBuffer();
        continue;
      }
      const name = FIELDS.find((f) => f === part.fieldname);
      if (!name) throw invalid({ file: [UPLOAD_MESSAGES.badForm] });
      if (part.valueTruncated) throw invalid({ [name]: [UPLOAD_MESSAGES.fieldTooLong(name)] });
      fields[name] = String(part.value);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // @fastify/multipart's own refusals: a file past the size limit (413), too many parts, a malformed body.
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ file: [IMPORT_MESSAGES.tooLarge] });
    if (typeof code === 'string' && code.startsWith('FST_')) throw invalid({ file: [UPLOAD_MESSAGES.badForm] });
    if (err instanceof Error && /multipart|boundary|unexpected end/i.test(err.message))
      throw invalid({ file: [UPLOAD_MESSAGES.badForm] });
    throw err;
  }
  if (!bytes) throw invalid({ file: [UPLOAD_MESSAGES.noFile] });
  // Read here, after the check every body gets: the same refusal of text the database cannot store.
  refuseUnstorable({ file: bytes, ...fields });
  return { bytes, fields };
}
