// An import's rows made ready to write (docs/resources.md "Import"), for one row or a whole batch with
// the same rules and messages: each row's cells made a body as the create or update route takes it,
// its references found by name or key (one query per reference field for all the rows), the record its
// key matches (one query for all the rows), the update permission, and the route's own schema. What
// comes after (the checks of operations.ts and the write) is the caller's: ./import.ts for one row,
// ./importBatch.ts for a batch.
import type { FastifyRequest } from 'fastify';
import { choiceLabel, type FieldDecl, type ResourceDecl } from '../../contract/resources/declare';
import { type ApiError, forbidden, invalid } from '../errors';
import { importedCell } from '../imports/csv';
import type { Tx } from '../db/conn';
import type { CrudQueries } from './queries';

type Body = Record<string, unknown>;
export type ImportAction = 'create' | 'update';

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0', '']);

/** A cell as the field's body value (references still as text: resolved below). */
function valueOf(f: FieldDecl, text: string): unknown {
  const t = text.trim();
  if ('many' in f || f.type === 'multichoice')
    return t === ''
      ? []
      : t
          .split(/[;,]/)
          .map((v) => v.trim())
          .filter((v) => v !== '');
  if (f.type === 'checkbox') return TRUE.has(t.toLowerCase()) ? true : FALSE.has(t.toLowerCase()) ? false : t;
  if (t === '') return f.required ? '' : null;
  if (f.type === 'number') return Number.isFinite(Number(t)) ? Number(t) : t;
  if (f.type === 'select' && !('ref' in f))
    return (
      f.options.find(
        (o) => o.toLowerCase() === t.toLowerCase() || choiceLabel(f, o).toLowerCase() === t.toLowerCase(),
      ) ?? t
    );
  // Text keeps its spaces as typed (a textarea's lines); the kinds are trimmed by trimKinds.
  return f.type === 'text' || f.type === 'textarea' ? text : t;
}

/** A row of the file: its cells and its line (the header is row 1). */
export interface FileRow {
  cells: string[];
  row: number;
}

/** A row to create, or to update the record `id`, with its body as the route's schema passed it. */
export interface RowPlan {
  action: ImportAction;
  id: string | undefined;
  body: Body;
}

/**
 * A row as far as it went. `refused` comes before the key's check within the file (a reference not
 * found), `signature` is the row's key (when it has one whole), `outcome` what the row does, or why not.
 */
export interface PreparedRow {
  row: number;
  refused?: ApiError;
  signature?: string;
  outcome: RowPlan | ApiError;
}

export interface RowsContext {
  decl: ResourceDecl;
  q: CrudQueries;
  tenant: string | null;
  /** The field each column of the file fills (null: none). */
  fields: (string | null)[];
  key: readonly string[];
  /** The referenced resource's own key columns a reference cell may name it by. */
  refKeys: (to: string) => readonly string[];
  mayUpdate: () => boolean;
  trim: (req: FastifyRequest) => Promise<void>;
  validate: (action: ImportAction, body: Body) => Record<string, string[]> | null;
  msg: {
    noMatch: (as: string, text: string) => string;
    ambiguous: (as: string, text: string) => string;
    mayNotUpdate: string;
  };
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** Prepares rows on the transaction: the same answers for a batch as for each of its rows alone. */
export function rowPreparer(c: RowsContext) {
  const refFields = Object.entries(c.decl.fields).filter(([, f]) => 'ref' in f);
  const refKeys = new Map<string, readonly string[]>();
  const keysOf = (to: string) => {
    if (!refKeys.has(to)) refKeys.set(to, c.refKeys(to));
    return refKeys.get(to) ?? [];
  };

  return async function prepare(tx: Tx, rows: readonly FileRow[]): Promise<PreparedRow[]> {
    const bodies = rows.map(({ cells }) => {
      const body: Body = {};
      c.fields.forEach((field, i) => {
        if (field) body[field] = valueOf(c.decl.fields[field], importedCell(cells[i] ?? ''));
      });
      return body;
    });
    const refText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
    // Every reference text of the rows, found with one query per field.
    const matches = new Map<string, Map<string, string[]>>();
    for (const [field, f] of refFields) {
      if (!('ref' in f)) continue;
      const texts = [...new Set(bodies.flatMap((b) => refText(b[field]) ?? []))];
      if (texts.length) matches.set(field, await c.q.refMatches(tx, c.tenant, field, texts, keysOf(f.ref.to)));
    }
    const prepared: PreparedRow[] = rows.map(({ row }, i) => {
      const body = bodies[i];
      const errors: Record<string, string[]> = {};
      for (const [field, value] of Object.entries(body)) {
        const f = c.decl.fields[field];
        const text = refText(value);
        if (!('ref' in f) || text === null) continue;
        const ids = matches.get(field)?.get(text) ?? [];
        if (ids.length === 1) body[field] = ids[0];
        else errors[field] = [ids.length === 0 ? c.msg.noMatch(f.ref.as, text) : c.msg.ambiguous(f.ref.as, text)];
      }
      if (Object.keys(errors).length) return { row, refused: invalid(errors), outcome: invalid(errors) };
      const whole = c.key.length > 0 && c.key.every((k) => body[k] !== undefined && body[k] !== null && body[k] !== '');
      return {
        row,
        signature: whole ? JSON.stringify(c.key.map((k) => trimmed(body[k]))) : undefined,
        outcome: { action: 'create', id: undefined, body },
      };
    });
    // The records the rows' keys match, with one query.
    const keyed = prepared.filter((p) => !p.refused && p.signature !== undefined);
    const found = await c.q.idsWhere(
      tx,
      c.tenant,
      c.key,
      keyed.map((p) => c.key.map((k) => trimmed((p.outcome as RowPlan).body[k]))),
    );
    keyed.forEach((p, j) => ((p.outcome as RowPlan).id = found[j]));
    for (const p of prepared) {
      if (p.refused) continue;
      const plan = p.outcome as RowPlan;
      if (plan.id && !c.mayUpdate()) {
        p.outcome = forbidden(c.msg.mayNotUpdate);
        continue;
      }
      plan.action = plan.id ? 'update' : 'create';
      await c.trim({ body: plan.body } as FastifyRequest);
      const refused = c.validate(plan.action, plan.body);
      if (refused) p.outcome = invalid(refused);
    }
    return prepared;
  };
}

/**
 * What a prepared row answers once the rows before it in the file are settled: a reference not found,
 * else a key already imported by an earlier row (`first`: that row), else its own outcome.
 */
export function settled(
  p: PreparedRow,
  first: number | undefined,
  duplicate: (row: number) => ApiError,
): RowPlan | ApiError {
  if (p.refused) return p.refused;
  if (first !== undefined) return duplicate(first);
  return p.outcome;
}
