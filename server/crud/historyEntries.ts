// How a record's audit rows read as its history (docs/resources.md "History"): which rows are the
// record's, and each row's changes as shown, with the edit form's labels, names for references and
// options, secrets only as changed.
import { and, eq, notLike } from 'drizzle-orm';
import type { FieldDecl, ResourceDecl } from '../../contract/resources/declare';
import type { FormFieldGroup } from '../../contract/forms';
import type { HistoryChange, HistoryEntry } from '../../contract/history';
import { isSecretKey } from '../audit';
import { auditLog } from '../db/schema';

type Body = Record<string, unknown>;
export type Changes = Record<string, { before?: unknown; after?: unknown }>;

/**
 * A record's changes: sign-in events (`auth.*`, a user's sign-ins, failures, resets) change no record
 * and are read in the audit log, not here.
 */
export const ofRecord = (entity: string, id: string) =>
  and(eq(auditLog.entity, entity), eq(auditLog.entityId, id), notLike(auditLog.action, 'auth.%'));

/** Hidden from history: bookkeeping the person did not change. */
export const BOOKKEEPING = new Set(['id', 'uuid', 'company_id', 'created_at', 'updated_at', 'version']);

export interface FieldInfo {
  label: string;
  type?: string;
  currency?: string;
  options?: Record<string, string>;
}

/** The edit form's fields by name; the declaration's label for a field the form leaves out. */
export function fieldInfo(decl: ResourceDecl, groups: FormFieldGroup[]): Map<string, FieldInfo> {
  const info = new Map<string, FieldInfo>();
  for (const [name, f] of Object.entries(decl.fields) as [string, FieldDecl][])
    info.set(name, { label: f.label, type: f.type });
  for (const g of groups)
    for (const f of g.fields)
      info.set(f.name, { label: f.label, type: f.type, currency: f.currency, options: f.options });
  return info;
}

export const kindOf = (action: string): HistoryEntry['kind'] => {
  const verb = action.slice(action.lastIndexOf('.') + 1);
  return verb === 'created' || verb === 'updated' || verb === 'deleted' || verb === 'restored' ? verb : 'other';
};
const values = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
/** `{ uuid, name }` as the read shape shows a reference. */
export const isNamed = (v: unknown): v is { uuid: string; name: string } =>
  !!v && typeof v === 'object' && typeof (v as Body).uuid === 'string' && typeof (v as Body).name === 'string';

/** The change rows as shown: the form's labels, names for references and options, secrets only as changed. */
export const shownChanges = (
  changes: Changes | null,
  info: Map<string, FieldInfo>,
  names: Map<string, string>,
): HistoryChange[] =>
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
