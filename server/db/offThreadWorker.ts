// Worker-thread entry (started by server/db/offThread.ts): runs the statements whose answer is one
// huge text value — a whole list, ~8 MB of JSON for 10 000 units (DESIGN §6) — on a small
// node-postgres pool of its own. Receiving such a value (buffering the wire message, decoding it to
// a string) costs tens of milliseconds of CPU per answer; done here, the server's event loop only
// copies the finished string in (docs/speed.md). Keep the imports to packages: this file is
// loaded before anything else.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import pg from 'pg';

export interface OffThreadOptions {
  url: string;
  /** Statements at once: the rest wait in the pool's queue (a bulkhead, docs/speed.md). */
  connections: number;
  /** As the main pool's (server/db/index.ts): 0 for none. */
  statementTimeoutMs: number;
}

/** Main thread → worker. */
export type OffThreadCommand =
  /** `bytes`: text columns answered as their UTF-8 bytes (a Uint8Array handed over without a copy). */
  | { type: 'query'; id: number; text: string; values: unknown[]; bytes: string[] }
  | { type: 'close' };

/**
 * PostgreSQL's fields of a failed statement that server/http/error-log.ts logs (it hides the value
 * a message quotes): never the statement, its values or `detail`, which quotes a row's values.
 */
export interface OffThreadErrorFields {
  message: string;
  code?: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
  routine?: string;
}

/** Worker → main thread. */
export type OffThreadReply =
  | { type: 'rows'; id: number; rows: Record<string, unknown>[] }
  | { type: 'error'; id: number; error: OffThreadErrorFields }
  | { type: 'closed' };

const FIELDS = ['code', 'severity', 'table', 'column', 'constraint', 'dataType', 'routine'] as const;

function errorFields(err: unknown): OffThreadErrorFields {
  const e = (err ?? {}) as Record<string, unknown>;
  const out: OffThreadErrorFields = { message: typeof e.message === 'string' ? e.message : 'The query failed' };
  for (const field of FIELDS) if (typeof e[field] === 'string') out[field] = e[field];
  return out;
}

if (!parentPort) throw new Error('offThreadWorker.ts runs only as a worker thread (see server/db/offThread.ts).');
const port: MessagePort = parentPort;
const options = workerData as OffThreadOptions;
const pool = new pg.Pool({ connectionString: options.url, max: options.connections, statement_timeout: options.statementTimeoutMs });
// An idle connection that breaks (server restart) is dropped by the pool; the next query opens another.
pool.on('error', () => {});

port.on('message', (command: OffThreadCommand) => {
  if (command.type === 'close') {
    void pool.end().finally(() => {
      port.postMessage({ type: 'closed' } satisfies OffThreadReply);
      port.close();
    });
    return;
  }
  const { id, text, values, bytes } = command;
  pool.query({ text, values }).then(
    (result) => {
      const rows = result.rows as Record<string, unknown>[];
      // Encoded here and transferred: the event loop then writes the bytes as they are, instead of
      // copying an 8 MB string in and encoding it again to send it.
      const transfer: ArrayBuffer[] = [];
      for (const row of rows) {
        for (const column of bytes) {
          const value = row[column];
          if (typeof value !== 'string') continue;
          const encoded = new TextEncoder().encode(value);
          row[column] = encoded;
          transfer.push(encoded.buffer as ArrayBuffer);
        }
      }
      port.postMessage({ type: 'rows', id, rows } satisfies OffThreadReply, transfer);
    },
    (err: unknown) => port.postMessage({ type: 'error', id, error: errorFields(err) } satisfies OffThreadReply),
  );
});
