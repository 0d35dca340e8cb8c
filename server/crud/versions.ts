// Versions and conflicts (docs/resources.md "Versions and conflicts"): every declared record carries
// a version, 1 when made and raised by one in the transaction of each change that changes something
// (an update, through the generic write or a resource's own, and a reference emptied by a delete).
// Reads answer it as the record's `version` and as the ETag `"<version>"`. A change based on a
// version (If-Match, or the body's `version`) is made only while the record is still at that version:
// the change's transaction first locks the row (`select version … for update`) and compares, so of
// two parallel saves of one version exactly one wins; the other, like any save of an older version,
// answers 409 with what changed since — from the audit rows, which carry each change's version.
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import type { ConflictChange } from '../../contract/conflicts';
import type { FieldDecl, ResourceDecl } from '../../contract/resources/declare';
import { ApiError } from '../errors';
import type { Conn } from '../db/conn';
import { HIDDEN_ACTOR } from './actors';

type Body = Record<string, unknown>;

/** PostgreSQL's integer: a version past it can name no record's version. */
export const VERSION_MAX = 2147483647;

/** The ETag of a record at `version` (strong: If-Match compares it as it is). */
export const etagOf = (version: unknown): string => `"${String(version)}"`;

const IF_MATCH = /^(?:\*|(?:W\/)?"([1-9][0-9]{0,9})")$/;

/** The If-Match header of PUT and DELETE, documented and checked by the route schemas. */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      pattern: IF_MATCH.source,
      description:
        'The version the change is based on, as the ETag of `GET` gave it (`"7"`; `W/"7"` is taken alike). While the record is at another version, nothing is changed and the answer is 409 with what changed since. `*` or none: no check.',
    }),
  ),
});

/** The version an If-Match header names; undefined for none or `*`. The route schema has refused any other form. */
export function ifMatchVersion(header: unknown): number | undefined {
  const m = typeof header === 'string' ? IF_MATCH.exec(header.trim()) : null;
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

/** The update body's `version`: for clients that cannot set If-Match. */
export const BodyVersion = Type.Optional(
  Type.Integer({
    minimum: 1,
    maximum: VERSION_MAX,
    description:
      'The version the change is based on, for clients that cannot send If-Match (which wins when both are sent); answered 409 while the record is at another.',
  }),
);

/** The read shape's `version`. */
export const ReadVersion = Type.Integer({
  minimum: 1,
  description:
    'The record’s version: 1 when made, raised by every change. Send it back (If-Match, or `version` in an update body) so a change made meanwhile is not overwritten.',
});

const Who = Type.Union(
  [
    Type.Object({ id: Type.String(), name: Type.String() }),
    Type.Object({ id: Type.Null(), name: Type.Null(), hidden: Type.Literal(true) }),
    Type.Null(),
  ],
  { description: 'Who made the change (null: the system; hidden: someone outside the caller’s companies, not named)' },
);

type Changes = Record<string, { before?: unknown; after?: unknown }>;

/**
 * What a conflict shows this caller, as their history would (./history.ts): the changes as the
 * read view lets them see them, and which actors they may see named.
 */
export interface ConflictView {
  changes?(changes: Changes): Changes;
  named(db: Conn, actors: readonly string[]): Promise<Set<string>>;
}

/** One field changed since the version a client based its change on. */
export const ConflictChangeSchema = Type.Object({
  field: Type.String({ description: 'The field’s key, as declared (and as the bodies name it)' }),
  label: Type.Union([Type.String(), Type.Null()], {
    description: 'The declared label; null for a key the declaration does not name',
  }),
  yours: Type.Optional(Type.Unknown({ description: 'The value this request sent, when it sent the field' })),
  theirs: Type.Unknown({ description: 'The value stored now, as the change that made it left it' }),
  by: Who,
  at: Type.String({ format: 'date-time', description: 'When that change was made' }),
});

export const ConflictBody = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
    conflict: Type.Optional(
      Type.Object({
        version: Type.Integer({ description: 'The record’s version now: send it to save over the changes below' }),
        since: Type.Integer({ description: 'The version the refused change was based on' }),
        changes: Type.Array(ConflictChangeSchema, {
          description:
            'Each field changed after `since`, once (its latest change), in form order; empty when those changes touched no field the audit names',
        }),
      }),
    ),
  },
  {
    description:
      'Failure: a top-level message. For a change based on an older version of the record, `conflict` says what changed since, by whom and when',
  },
);

/** Keys of an audit row that are no field of the record: bookkeeping and what reads compute. */
function ignoredKeys(decl: ResourceDecl, computed: string[]): Set<string> {
  const refAs = Object.values(decl.fields).flatMap((f) => ('ref' in f ? [f.ref.as] : []));
  return new Set([
    'version',
    'uuid',
    'id',
    'created_at',
    'updated_at',
    ...refAs,
    ...computed,
    ...(decl.computed ?? []),
  ]);
}

interface AuditRow {
  at: string | Date;
  actor_id: string | null;
  actor_name: string | null;
  changes: Changes | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export function recordVersions(decl: ResourceDecl, table: PgTable, computed: string[]) {
  const ignored = ignoredKeys(decl, computed);
  const entity = decl.noun.one;
  const order = Object.keys(decl.fields);
  const labelOf = (key: string) => (Object.hasOwn(decl.fields, key) ? (decl.fields[key] as FieldDecl).label : null);

  /** The fields changed after version `since`, from the record's audit rows (each carries its version). */
  async function changedSince(
    db: Conn,
    id: string,
    since: number,
    sent: Body,
    view: ConflictView,
  ): Promise<ConflictChange[]> {
    const after = sql`(a.changes -> 'version' ->> 'after')`;
    const rows = rowsOf<AuditRow>(
      await db.execute(sql`select a.at, a.actor_id, u.name as actor_name, a.changes
        from audit_log a left join users u on u.id = a.actor_id
        where a.entity = ${entity} and a.entity_id = ${id}
          and (case when jsonb_typeof(a.changes -> 'version' -> 'after') = 'number' then ${after}::numeric end) > ${since}
        order by a.id`),
    );
    const latest = new Map<string, ConflictChange>();
    const named = await view.named(
      db,
      rows.flatMap((r) => (r.actor_id && r.actor_name !== null ? [r.actor_id] : [])),
    );
    for (const row of rows) {
      const changes = row.changes && view.changes ? view.changes(row.changes) : row.changes;
      for (const [field, change] of Object.entries(changes ?? {})) {
        if (ignored.has(field)) continue;
        const shown = row.actor_name === null || (row.actor_id !== null && named.has(row.actor_id));
        const by = !row.actor_id ? null : shown ? { id: row.actor_id, name: row.actor_name ?? '' } : HIDDEN_ACTOR;
        latest.set(field, {
          field,
          label: labelOf(field),
          ...(Object.hasOwn(sent, field) ? { yours: sent[field] } : {}),
          theirs: change.after ?? null,
          by,
          at: new Date(row.at).toISOString(),
        });
      }
    }
    // Declared fields in form order, then any other key the audit names (an audit.view hook's, as users' companies).
    const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
    return [...latest.values()].sort((a, b) => rank(a.field) - rank(b.field));
  }

  const currentVersion = async (db: Conn, id: string): Promise<number | null> => {
    const [row] = rowsOf<{ version: number }>(await db.execute(sql`select version from ${table} where id = ${id}`));
    return row ? Number(row.version) : null;
  };

  return {
    /** The 409 of a change based on version `since` while the record is at `current`. */
    async conflict(
      db: Conn,
      id: string,
      since: number,
      sent: Body,
      view: ConflictView,
      current?: number,
    ): Promise<ApiError> {
      const now = current ?? (await currentVersion(db, id)) ?? since;
      const changes = await changedSince(db, id, since, sent, view);
      const message = `This ${entity} was changed by someone else since version ${since} (it is at version ${now} now). Nothing was saved; send version ${now} to save over those changes.`;
      return new ApiError(409, message, undefined, undefined, { conflict: { version: now, since, changes } });
    },

    /** Raises the record's version by one, inside a change's transaction that holds the row (lock); answers the new
     * version. */
    async raise(tx: Conn, id: string): Promise<number> {
      const [row] = rowsOf<{ version: number }>(
        await tx.execute(sql`update ${table} set version = version + 1 where id = ${id} returning version`),
      );
      return Number(row.version);
    },

    /**
     * Locks the row for the rest of a change's transaction and answers its version (null: gone). A
     * parallel change waits here until the first commits, then reads the version that one made.
     */
    async lock(tx: Conn, id: string): Promise<number | null> {
      const [row] = rowsOf<{ version: number }>(
        await tx.execute(sql`select version from ${table} where id = ${id} for update`),
      );
      return row ? Number(row.version) : null;
    },

    currentVersion,
  };
}

export type RecordVersions = ReturnType<typeof recordVersions>;

/** The 409 of PUT and DELETE, with the conflict. */
export const conflictResponse = { 409: ConflictBody } as const;
