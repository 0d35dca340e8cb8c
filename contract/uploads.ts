// Uploaded files (docs/resources.md "Files", docs/security.md "Uploaded files"): the types a file field
// may accept, each known by its first bytes rather than its name, and the shape a file reads as. Both
// sides read them: the server's sniffing and checks (server/uploads/), the form's `accept` and texts.

/** The file types a `file()` field may name, with the content type they are stored and served as. */
export const FILE_TYPES = {
  pdf: { contentType: 'application/pdf', extensions: ['.pdf'], label: 'PDF' },
  png: { contentType: 'image/png', extensions: ['.png'], label: 'PNG' },
  jpeg: { contentType: 'image/jpeg', extensions: ['.jpg', '.jpeg'], label: 'JPEG' },
  webp: { contentType: 'image/webp', extensions: ['.webp'], label: 'WebP' },
} as const;
export type FileType = keyof typeof FILE_TYPES;
export const FILE_TYPE_KEYS = Object.keys(FILE_TYPES) as FileType[];

/** The largest file any field may take (a field's own `maxMb` is at most this). */
export const UPLOAD_MB_MAX = 20;
export const MB = 1024 * 1024;

/** An upload's name is kept to this many characters (its extension kept). */
export const UPLOAD_NAME_MAX = 200;

/** A file as a record's file field reads it. */
export interface FileValue {
  id: string;
  name: string;
  size: number;
  content_type: string;
}

/** The types' names for a message: "PDF, PNG or JPEG". */
export const typesText = (types: readonly FileType[]): string => {
  const labels = types.map((t) => FILE_TYPES[t].label);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}` : (labels[0] ?? '');
};

/** What an `<input type="file" accept>` takes for these types. */
export const acceptOf = (types: readonly FileType[]): string =>
  types.flatMap((t) => [FILE_TYPES[t].contentType, ...FILE_TYPES[t].extensions]).join(',');
