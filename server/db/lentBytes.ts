// Bytes lent by the off-thread worker's slab pool (./byteSlabs.ts): a Buffer over shared memory that the worker
// writes the next answer into once it is given back. Whoever sends or reads them gives them back when done
// (`giveBack`): a sent list once its response has closed (server/lists/lists.ts sendList). Bytes nobody gives
// back are given back when the Buffer is garbage collected, so a forgotten path only delays the reuse.

const lent = new WeakMap<Uint8Array, () => void>();
const unclaimed = new FinalizationRegistry<() => void>((release) => release());

/** `bytes` lent: `release` is called once, by giveBack or after `bytes` is collected. */
export function lend(bytes: Buffer, release: () => void): Buffer {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    release();
  };
  lent.set(bytes, once);
  unclaimed.register(bytes, once, bytes);
  return bytes;
}

/** Gives lent bytes back (anything else is left alone): they must not be read or sent after this. */
export function giveBack(bytes: unknown): void {
  if (!(bytes instanceof Uint8Array)) return;
  const release = lent.get(bytes);
  if (!release) return;
  lent.delete(bytes);
  unclaimed.unregister(bytes);
  release();
}

/** Gives back the lent bytes of these columns of the rows (an answer nobody will read). */
export function giveBackColumns(rows: readonly Record<string, unknown>[], columns: readonly string[]): void {
  for (const row of rows) for (const column of columns) giveBack(row[column]);
}

/** Whether `bytes` are lent and not given back yet. */
export const isLent = (bytes: unknown): boolean => bytes instanceof Uint8Array && lent.has(bytes);
