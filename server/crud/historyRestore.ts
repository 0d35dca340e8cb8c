// A restore from a record's history (docs/resources.md "History"): the record as it was right after
// one of its audit rows, put back by an ordinary update (the same checks, hooks, rules and audit row,
// ./operations.ts) of the fields that differ from the record now; refused with the update's own
// answers, never half done.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { TObject } from 'typebox';
import { RESTORE_MESSAGES } from '../../contract/history';
import { isSecretKey } from '../audit';
import { auditLog } from '../db/schema';
import { invalid, notFound } from '../errors';
import { validationErrors } from '../http/errors-plugin';
import type { Conn } from '../db/conn';
import { errorResponses, mutationResponse } from '../http/schemas';
import type { App, HistoryContext } from './routeContext';
import { BOOKKEEPING, ofRecord } from './historyEntries';
import { EntryParams } from './historySchemas';
import type { Row } from './operations';

type Body = Record<string, unknown>;

export const ENTRY_NOT_FOUND = 'This history entry was not found.';

export function historyRestoreRoute<P>(app: App, { decl, hooks, schemas, ops, rules, tags }: HistoryContext<P>): void {
  const path = decl.path;
  const update: TObject = schemas.update;

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
            .where(and(ofRecord(decl.noun.one, record.id), eq(auditLog.id, entryId)));
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
      .where(and(ofRecord(decl.noun.one, record.id), gt(auditLog.id, entryId)))
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
