// File fields of a declared resource (docs/resources.md "Files"): the body takes an upload's id (or the
// file object as read, whose `id` is taken, so what a client reads it may send back), the read shape
// `{ id, name, size, content_type }`. A create or update attaches the upload to the record inside its
// transaction; only the caller's own unattached upload, or one this record's field already holds, may
// be attached (422 otherwise). A record deleted for good takes its files with it.
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Type, type TSchema } from 'typebox';
import { FileRead } from '../forms/schema';
import type { FileField, ResourceDecl } from '../../contract/resources/declare';
import { FILE_TYPES, MB, typesText } from '../../contract/uploads';
import { isUuid, type Conn } from '../db/conn';
import { uploads } from '../db/uploadTables';
import { FieldErrors, MSG } from '../http/fieldErrors';
import { fileStore } from '../uploads/store';

type Body = Record<string, unknown>;
const label = (field: string) => field.replace(/_/g, ' ');

export const FILE_MESSAGES = {
  notYours: (field: string) =>
    `The selected ${label(field)} is not a file you uploaded, or it belongs to another record. Upload it again.`,
  type: (field: string, f: FileField) => `The ${label(field)} must be a ${typesText(f.types)} file.`,
  size: (field: string, f: FileField) => `The ${label(field)} may not be larger than ${f.maxMb} MB.`,
};

export const fileRead = (f: FileField): TSchema => (f.required ? FileRead : Type.Union([FileRead, Type.Null()]));

/** An upload's id (or the file as read: its `id`), null for none; `maxLength` and `required` apply to one type each. */
export function fileBody(f: FileField): TSchema {
  const schema = Type.Unsafe<string | { id: string } | null>({
    type: f.required ? ['string', 'object'] : ['string', 'object', 'null'],
    maxLength: 64,
    properties: { id: { type: 'string', maxLength: 64 } },
    description: `The id of an upload (POST /uploads) of ${typesText(f.types)}, at most ${f.maxMb} MB${f.required ? '' : '; null for none'}. The file as read is taken too.`,
  });
  return f.required ? schema : Type.Optional(schema);
}

/** The column as read: the upload's `{ id, name, size, content_type }`, null without one. */
export const fileColumn = (column: AnyPgColumn): SQL =>
  sql`(select json_build_object('id', u.id, 'name', u.name, 'size', u.size, 'content_type', u.content_type) from ${uploads} u where u.id = ${column})`;

export const fileFieldsOf = (decl: ResourceDecl): [string, FileField][] =>
  Object.entries(decl.fields).filter((e): e is [string, FileField] => e[1].type === 'file');

/** The id a body's value names ('' and null: none; the file object as read: its id, '?' when it has none). */
function sentId(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value === 'object') {
    const id = (value as { id?: unknown }).id;
    return typeof id === 'string' && id !== '' ? id : '?';
  }
  return String(value);
}

/**
 * Each file field sent as the file object as read becomes its id (what the column stores); a value
 * that cannot be an upload's id is refused here, before anything is written.
 */
export function fileIdsOf(decl: ResourceDecl, body: Body, errors: FieldErrors): void {
  for (const [name, f] of fileFieldsOf(decl)) {
    const id = sentId(body[name]);
    if (id === undefined) continue;
    if (id === null && f.required) errors.add(name, MSG.required(name));
    if (id !== null && !isUuid(id)) errors.add(name, FILE_MESSAGES.notYours(name));
    body[name] = id === null ? null : id.toLowerCase();
  }
}

/**
 * Inside a create's or update's transaction, after the write: attaches each file the body names to
 * record `recordId`, or refuses (422) an id that is not the caller's own unattached upload nor one this
 * record's field holds already, of a type or size the field does not take.
 */
export async function attachFiles(
  tx: Conn,
  decl: ResourceDecl,
  userId: string,
  recordId: string,
  body: Body,
): Promise<void> {
  const errors = new FieldErrors();
  for (const [name, f] of fileFieldsOf(decl)) {
    const id = sentId(body[name]);
    if (!id) continue;
    const ours = and(eq(uploads.resource, decl.name), eq(uploads.recordId, recordId), eq(uploads.field, name));
    const [found] = isUuid(id)
      ? await tx
          .select({ contentType: uploads.contentType, size: uploads.size, recordId: uploads.recordId })
          .from(uploads)
          .where(
            and(
              eq(uploads.id, id.toLowerCase()),
              or(and(isNull(uploads.recordId), eq(uploads.uploadedBy, userId)), ours),
            ),
          )
          .for('update')
      : [];
    if (!found) {
      errors.add(name, FILE_MESSAGES.notYours(name));
      continue;
    }
    if (!f.types.some((t) => FILE_TYPES[t].contentType === found.contentType))
      errors.add(name, FILE_MESSAGES.type(name, f));
    else if (found.size > f.maxMb * MB) errors.add(name, FILE_MESSAGES.size(name, f));
    else if (found.recordId === null)
      await tx
        .update(uploads)
        .set({ resource: decl.name, recordId, field: name, attachedAt: new Date() })
        .where(eq(uploads.id, id.toLowerCase()));
  }
  errors.throwIfAny();
}

/** The files of records deleted for good go with them (inside the delete's transaction). */
export async function dropFiles(tx: Conn, decl: ResourceDecl, recordIds: readonly string[]): Promise<void> {
  if (recordIds.length === 0 || fileFieldsOf(decl).length === 0) return;
  const gone = await tx
    .delete(uploads)
    .where(and(eq(uploads.resource, decl.name), inArray(uploads.recordId, [...recordIds])))
    .returning({ id: uploads.id });
  await fileStore().delete(
    tx,
    gone.map((g) => g.id),
  );
}
