// An upload's name as kept and as sent back (docs/security.md "Uploaded files"): the last part of a
// path only, without control or direction-changing characters, at most UPLOAD_NAME_MAX characters, and
// with the extension of the type the bytes showed. The download's Content-Disposition carries it as an
// ASCII fallback and as RFC 6266's UTF-8 `filename*`, so no name can end or add a header parameter.
import { FILE_TYPES, UPLOAD_NAME_MAX, type FileType } from '../../contract/uploads';

// C0 and C1 controls, DEL, and the bidirectional overrides that make "exe.pdf" read as "fdp.exe".
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name kept for a file sent as `sent`, whose bytes are of `type`. */
export function safeName(sent: string | undefined, type: FileType): string {
  const base = (sent ?? '').split(/[/\\]/).pop() ?? '';
  let name = base.replace(/\s+/g, ' ').replace(UNSAFE, '').trim().replace(/^\.+/, '');
  const exts: readonly string[] = FILE_TYPES[type].extensions;
  const ext = exts.find((e) => name.toLowerCase().endsWith(e));
  let stem = ext ? name.slice(0, -ext.length) : name;
  stem = stem.slice(0, UPLOAD_NAME_MAX - 5).trim();
  name = `${stem || 'file'}${ext ?? exts[0]}`;
  return name;
}

/** `attachment` with the name, safe in a header whatever it holds. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
