// Uploaded files (docs/resources.md "Files"): what is known of each upload, and — with the default
// store (server/uploads/store.ts) — its bytes, in the database itself, so a backup, a restore and
// several instances need nothing more. An upload is its uploader's alone until a record's file field
// takes it (`resource`, `record_id`, `field`); from then on it belongs to that record for good, and
// goes when the record is deleted for good. One never attached is deleted after a day.
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The file's name as sent, made safe (server/uploads/names.ts). */
    name: text('name').notNull(),
    size: integer('size').notNull(),
    /** Decided from the bytes (server/uploads/sniff.ts), never from the name or the client's header. */
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    /** Who sent it, without a foreign key: an unattached upload of a user removed since is swept all the same. */
    uploadedBy: uuid('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The record whose file field holds it, set once: null while unattached. */
    resource: text('resource'),
    recordId: uuid('record_id'),
    field: text('field'),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_record').on(t.resource, t.recordId),
    // The sweep of uploads never attached.
    index('uploads_unattached')
      .on(t.createdAt)
      .where(sql`${t.recordId} is null`),
  ],
);

/** The bytes of each upload, in the default store. */
export const uploadContents = pgTable('upload_contents', {
  uploadId: uuid('upload_id')
    .primaryKey()
    .references(() => uploads.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});
