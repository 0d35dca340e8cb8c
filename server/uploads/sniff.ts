// What a file is, from its first bytes (docs/security.md "Uploaded files"): never from its name or the
// Content-Type a client sends, so a renamed program is no PDF. Each accepted type has a fixed signature.
import type { FileType } from '../../contract/uploads';

const ascii = (s: string) => Buffer.from(s, 'latin1');
const SIGNATURES: { type: FileType; at: number; bytes: Buffer; also?: { at: number; bytes: Buffer } }[] = [
  { type: 'pdf', at: 0, bytes: ascii('%PDF-') },
  { type: 'png', at: 0, bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'jpeg', at: 0, bytes: Buffer.from([0xff, 0xd8, 0xff]) },
  // RIFF, four bytes of length, then WEBP.
  { type: 'webp', at: 0, bytes: ascii('RIFF'), also: { at: 8, bytes: ascii('WEBP') } },
];

/** The bytes needed to tell every type apart. */
export const SNIFF_BYTES = 16;

const has = (head: Buffer, at: number, bytes: Buffer) =>
  head.length >= at + bytes.length && head.subarray(at, at + bytes.length).equals(bytes);

/** The type the file's first bytes show, or null for anything else. */
export function sniff(head: Buffer): FileType | null {
  const found = SIGNATURES.find((s) => has(head, s.at, s.bytes) && (!s.also || has(head, s.also.at, s.also.bytes)));
  return found?.type ?? null;
}
