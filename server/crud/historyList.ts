// A record's history page (docs/resources.md "History"): its audit rows, newest first, field by field
// with the labels and option names of its edit form, each as the read view lets the caller see it.
import { count, desc, eq, max } from 'drizzle-orm';
import { Type } from 'typebox';
import type { HistoryEntry } from '../../contract/history';
import { auditLog, users } from '../db/schema';
import { errorResponses, IdParams } from '../http/schemas';
import { HIDDEN_ACTOR, namedActors } from './actors';
import type { App, HistoryContext } from './routeContext';
import { fieldInfo, isNamed, kindOf, ofRecord, shownChanges } from './historyEntries';
import { Entry, HistoryQuery } from './historySchemas';

export function historyListRoute<P>(app: App, { decl, hooks, ops, rules, tags }: HistoryContext<P>): void {
  const path = decl.path;
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
          .where(ofRecord(decl.noun.one, record.id))
          .orderBy(desc(auditLog.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        // The total and the newest entry (the current version) in one pass.
        app.db
          .select({ total: count(), newest: max(auditLog.id) })
          .from(auditLog)
          .where(ofRecord(decl.noun.one, record.id)),
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
          changes: shownChanges(seen(r), info, names),
        };
      });
      return { data, meta: { total } };
    },
  );
}
