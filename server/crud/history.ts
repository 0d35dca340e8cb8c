// A declared record's history (docs/resources.md "History"): its audit rows, newest first, field by
// field with the labels and option names of its edit form, and a restore of the record as it was
// right after one of them. The restore is an ordinary update (the same checks, hooks, rules and
// audit row, ./operations.ts), of the fields that differ from the record now; it is refused with
// the update's own answers, never half done.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, count, desc, eq, gt, max, notLike } from 'drizzle-orm';
import { Type, type TObject } from 'typebox';
import type { FieldDecl, ResourceDecl } from '../../contract/resources/declare';
import type { FormFieldGroup } from '../../contract/forms';
import { HISTORY_PER_PAGE_MAX, RESTORE_MESSAGES, type HistoryChange, type HistoryEntry } from '../../contract/history';
import { isSecretKey } from '../audit';
import { auditLog, users } from '../db/schema';
import { invalid, notFound } from '../errors';
import { validationErrors } from '../http/errors-plugin';
import type { RouteAccess } from '../http/routeAccess';
import type { Conn } from '../db/conn';
import { errorResponses, IdParams, mutationResponse } from '../http/schemas';
import { HIDDEN_ACTOR, namedActors } from './actors';
import type { CrudHooks } from './binding';
import type { CrudOperations, Row } from './operations';
import type { CrudSchemas } from './schemas';

type Body = Record<string, unknown>;
type Changes = Record<string, { before?: unknown; after?: unknown }>;

export const ENTRY_NOT_FOUND = 'This history entry was not found.';

const HistoryQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_PER_PAGE_MAX })),
});
const EntryParams = Type.Object({
  ...IdParams.properties,
  entryId: Type.String({ maxLength: 64, description: 'The history entry id' }),
});

const Value = Type.Unknown();
const Change = Type.Object({
  field: Type.String(),
  label: Type.String(),
  type: Type.Optional(
    Type.String({ description: 'The edit form field type (checkbox, date, money, select …), for showing the values' }),
  ),
  currency: Type.Optional(Type.String()),
  secret: Type.Optional(Type.Boolean({ description: 'A secret: only that it changed is shown' })),
  before: Type.Optional(Value),
  after: Type.Optional(Value),
  names: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'value → name, for references and options' }),
  ),
});
const Entry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  action: Type.String({ description: 'The audit action, e.g. unit.updated' }),
  kind: Type.Union([
    Type.Literal('created'),
    Type.Literal('updated'),
    Type.Literal('deleted'),
    Type.Literal('restored'),
    Type.Literal('other'),
  ]),
  actor: Type.Union(
    [
      Type.Object({
        id: Type.String(),
        name: Type.Union([Type.String(), Type.Null()], { description: 'null: the user was deleted since' }),
      }),
      Type.Object(
        { id: Type.Null(), name: Type.Null(), hidden: Type.Literal(true) },
        { description: 'Someone outside the caller’s companies: not named' },
      ),
      Type.Null(),
    ],
    { description: 'Who did it; null for the server itself' },
  ),
  restored_from: Type.Optional(Type.String({ description: 'The entry this change restored' })),
  current: Type.Boolean({ description: 'The newest entry: the record is as it left it' }),
  changes: Type.Array(Change),
});

/** Hidden from history: bookkeeping the person did not change. */
const BOOKKEEPING = new Set(['id', 'uuid', 'company_id', 'created_at', 'updated_at', 'version']);

interface FieldInfo {
  label: string;
  type?: string;
  currency?: string;
  options?: Record<string, string>;
}

/** The edit form's fields by name; the declaration's label for a field the form leaves out. */
function fieldInfo(decl: ResourceDecl, groups: FormFieldGroup[]): Map<string, FieldInfo> {
  const info = new Map<string, FieldInfo>();
  for (const [name, f] of Object.entries(decl.fields) as [string, FieldDecl][])
    info.set(name, { label: f.label, type: f.type });
  for (const g of groups)
    for (const f of g.fields)
      info.set(f.name, { label: f.label, type: f.type, currency: f.currency, options: f.options });
  return info;
}

const kindOf = (action: string): HistoryEntry['kind'] => {
  const verb = action.slice(action.lastIndexOf('.') + 1);
  return verb === 'created' || verb === 'updated' || verb === 'deleted' || verb === 'restored' ? verb : 'other';
};
const values = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
/** `{ uuid, name }` as the read shape shows a reference. */
const isNamed = (v: unknown): v is { uuid: string; name: string } =>
  !!v && typeof v === 'object' && typeof (v as Body).uuid === 'string' && typeof (v as Body).name === 'string';

export interface HistoryContext<P> {
  decl: ResourceDecl;
  hooks: CrudHooks<P>;
  schemas: CrudSchemas;
  ops: CrudOperations;
  rules: (action: 'view' | 'update') => { access: RouteAccess };
  tags: string[];
}

/** The app as a TypeBox-typed plugin gets it (params and query typed from the schemas). */
type App = Parameters<FastifyPluginAsyncTypebox>[0];

export function historyRoutes<P>(app: App, { decl, hooks, schemas, ops, rules, tags }: HistoryContext<P>): void {
  const entity = decl.noun.one;
  const path = decl.path;
  const update: TObject = schemas.update;
  // A record's changes: sign-in events (`auth.*`, a user's sign-ins, failures, resets) change no record
  // and are read in the audit log, not here.
  const ofRecord = (id: string) =>
    and(eq(auditLog.entity, entity), eq(auditLog.entityId, id), notLike(auditLog.action, 'auth.%'));

  /** The change rows as shown: the form's labels, names for references and options, secrets only as changed. */
  const shown = (changes: Changes | null, info: Map<string, FieldInfo>, names: Map<string, string>): HistoryChange[] =>
    Object.entries(changes ?? {}).flatMap(([field, c]): HistoryChange[] => {
      const f = info.get(field);
      if (!f || BOOKKEEPING.has(field)) return [];
      const base = {
        field,
        label: f.label,
        ...(f.type ? { type: f.type } : {}),
        ...(f.currency ? { currency: f.currency } : {}),
      };
      if (isSecretKey(field) || c.before === '***' || c.after === '***') return [{ ...base, secret: true }];
      const named: Record<string, string> = {};
      for (const v of [...values(c.before), ...values(c.after)]) {
        if (typeof v !== 'string') continue;
        const name = f.options?.[v] ?? names.get(v);
        if (name !== undefined && name !== v) named[v] = name;
      }
      return [
        {
          ...base,
          before: c.before ?? null,
          after: c.after ?? null,
          ...(Object.keys(named).length ? { names: named } : {}),
        },
      ];
    });

  app.get(
    `${path}/:id/history`,
    {
      schema: {
        tags,
        summary: `The history of ${decl.noun.article ?? 'a'} ${decl.noun.one}`,
        description:
          'Who changed what and when, newest first, field by field (secrets only as changed); paged with `page`/`per_page`, answered with `meta.total`.',
        params: IdParams,
        querystring: HistoryQuery,
        response: {
          200: Type.Object({ data: Type.Array(Entry), meta: Type.Object({ total: Type.Integer() }) }),
          ...errorResponses,
        },
      },
      config: rules('view'),
    },
    async (req) => {
      const { tenant, where } = ops.caller(req, 'view');
      // A record in the trash keeps its history, read from the trash's screen (docs/resources.md "Trash").
      const record = await ops.recordOr404(app.db, tenant, req, req.params.id, where, true, 'any');
      const { page = 1, per_page: perPage = 20 } = req.query;
      const [rows, [{ total, newest }], groups] = await Promise.all([
        app.db
          .select({
            id: auditLog.id,
            at: auditLog.at,
            action: auditLog.action,
            changes: auditLog.changes,
            detail: auditLog.detail,
            actorId: auditLog.actorId,
            actorName: users.name,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(ofRecord(record.id))
          .orderBy(desc(auditLog.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        // The total and the newest entry (the current version) in one pass.
        app.db
          .select({ total: count(), newest: max(auditLog.id) })
          .from(auditLog)
          .where(ofRecord(record.id)),
        ops.form(app.db, tenant, req, record),
      ]);
      const info = fieldInfo(decl, groups);
      const actors = rows.flatMap((r) => (r.actorId && r.actorName !== null ? [r.actorId] : []));
      const named = await namedActors(app.db, req, actors);
      // Each entry as the read view lets the caller see it (the audit.changes hook).
      const seen = (r: (typeof rows)[number]) =>
        hooks.audit?.changes && r.changes ? hooks.audit.changes({ req, changes: r.changes }) : r.changes;
      // A reference shown by name: the record's own `{ uuid, name }` objects as the rows kept them.
      const names = new Map<string, string>();
      for (const r of rows)
        for (const c of Object.values(r.changes ?? {}))
          for (const v of [c.before, c.after]) if (isNamed(v)) names.set(v.uuid, v.name);
      const data: HistoryEntry[] = rows.map((r) => {
        const restoredFrom = r.detail?.restored_from;
        return {
          id: String(r.id),
          at: r.at.toISOString(),
          action: r.action,
          kind: kindOf(r.action),
          actor: !r.actorId
            ? null
            : r.actorName === null || named.has(r.actorId)
              ? { id: r.actorId, name: r.actorName }
              : HIDDEN_ACTOR,
          ...(typeof restoredFrom === 'string' ? { restored_from: restoredFrom } : {}),
          current: r.id === newest,
          changes: shown(seen(r), info, names),
        };
      });
      return { data, meta: { total } };
    },
  );

  app.post(
    `${path}/:id/history/:entryId/restore`,
    {
      schema: {
        tags,
        summary: `Restore ${decl.noun.article ?? 'a'} ${decl.noun.one} as it was after a history entry`,
        description:
          'Puts back the fields as they were right after the entry, as an ordinary update: the same checks and refusals (422, 403, 409), one audit row naming the entry. Secrets are never restored.',
        params: EntryParams,
        response: { 200: mutationResponse(schemas.read), ...errorResponses },
      },
      config: rules('update'),
    },
    async (req) => {
      const { tenant, where } = ops.caller(req, 'update');
      const record = await ops.recordOr404(app.db, tenant, req, req.params.id, where);
      const entryId = /^[0-9]{1,15}$/.test(req.params.entryId) ? Number(req.params.entryId) : NaN;
      const [entry] = Number.isNaN(entryId)
        ? []
        : await app.db
            .select({ id: auditLog.id })
            .from(auditLog)
            .where(and(ofRecord(record.id), eq(auditLog.id, entryId)));
      if (!entry) throw notFound(ENTRY_NOT_FOUND);
      // A record the caller may read but not change is refused even where nothing would change; the
      // restore's own body is judged again by the update itself (never the request's body).
      hooks.accessRecord?.({ db: app.db, tenant, req, record, action: 'update', body: {} });
      const body = await restoreBody(app.db, record, entry.id);
      if (Object.keys(body).length === 0) return { data: { message: RESTORE_MESSAGES.nothing, ...record } };
      // What the update route's schema would refuse (a value no longer allowed), in its words.
      const valid = req.compileValidationSchema(update, 'body');
      if (!valid(body)) throw invalid(validationErrors(valid.errors ?? []));
      const restored = await ops.update(req, record.id, body, { detail: { restored_from: String(entry.id) } });
      return { data: { message: RESTORE_MESSAGES.restored, ...restored } };
    },
  );

  /**
   * The update body that brings the record back to how it was right after entry `entryId`: from the
   * record as its audit rows keep it now, each later change undone (its `before`), newest first; then
   * the fields the update accepts whose value differs now. Secrets and read-only fields stay as they are.
   */
  async function restoreBody(db: Conn, record: Row, entryId: number): Promise<Body> {
    const now: Body = await ops.audited(db, record);
    const state: Body = { ...now };
    const later = await db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(ofRecord(record.id), gt(auditLog.id, entryId)))
      .orderBy(desc(auditLog.id));
    for (const { changes } of later)
      for (const [field, c] of Object.entries(changes ?? {})) state[field] = c.before ?? null;
    const body: Body = {};
    for (const field of Object.keys(update.properties)) {
      if (
        !Object.hasOwn(state, field) ||
        BOOKKEEPING.has(field) ||
        isSecretKey(field) ||
        state[field] === '***' ||
        decl.fields[field]?.readOnly
      )
        continue;
      if (JSON.stringify(state[field] ?? null) !== JSON.stringify(now[field] ?? null)) body[field] = state[field];
    }
    return body;
  }
}
