// CSV import of a declared resource's records (docs/resources.md "Import"): what both sides read — the
// limits of a file, which resources import and by which key, the columns a file may have, and the
// shape of an import's status.
import type { FieldDecl, ResourceDecl } from './resources/declare';

/** The largest file accepted, in bytes. */
export const IMPORT_BYTES_MAX = 50 * 1024 * 1024;
/** The most data rows one file may hold. */
export const IMPORT_ROWS_MAX = 200_000;
/** Rows written in one transaction by a resource whose batch goes set-based; the progress moves a batch at a time. */
export const IMPORT_BATCH = 500;
/**
 * Rows written in one transaction by a resource whose rows go one by one (about ten statements a row):
 * on the embedded database's single connection, other requests wait at most one such batch.
 */
export const IMPORT_ROW_BATCH = 25;
/** Uploads (the file being received and read) one caller may have at once; one more answers 429. */
export const IMPORT_UPLOADS_PER_CALLER = 2;
/** Uploads one server takes at once, whoever sends them; one more answers 429. */
export const IMPORT_UPLOADS_MAX = 4;
/** The most row errors an import keeps (the counts go on). */
export const IMPORT_ERRORS_MAX = 10_000;
/** The most rows a dry run lists with what they would do. */
export const IMPORT_PREVIEW_MAX = 1000;

export type ImportState = 'queued' | 'running' | 'succeeded' | 'failed';

/** Whether `decl` offers a CSV import (every resource but those declaring `import: false`). */
export const importable = (decl: Pick<ResourceDecl, 'import'>): boolean => decl.import !== false;

/** The fields a row is matched by to update a record rather than create one (none: every row creates). */
export const importKey = (decl: Pick<ResourceDecl, 'import'>): readonly string[] =>
  decl.import === false ? [] : (decl.import?.key ?? []);

/** A field a CSV file may fill: every field that is written (not read-only), but a file, which a cell cannot carry. */
const isImported = (f: FieldDecl) => !f.readOnly && f.type !== 'file';

/** The columns of a resource's file, in form order: each field's name and its label (the template's header). */
export const importColumns = (decl: Pick<ResourceDecl, 'fields'>): { field: string; label: string }[] =>
  Object.entries(decl.fields).flatMap(([field, f]) => (isImported(f) ? [{ field, label: f.label }] : []));

/** One refused row: its number in the file (the header is row 1), the field (or '' for the row) and why. */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/** An import as `GET /imports/{id}` answers it. */
export interface ImportStatus {
  id: string;
  resource: string;
  dry_run: boolean;
  state: ImportState;
  /** Why it failed as a whole, or what an interruption left. */
  message: string | null;
  /** header → field. */
  mapping: Record<string, string>;
  counts: { rows: number; done: number; created: number; updated: number; failed: number };
  errors: ImportRowError[];
  /** A dry run: what each row that passed would do (at most IMPORT_PREVIEW_MAX). */
  preview: { row: number; action: 'create' | 'update' }[];
  created_at: string;
  finished_at: string | null;
}
