// A record as its audit rows keep it (docs/resources.md "History"): the record itself, or the
// audit.view hook's view of it (a user without their secrets, with every company); always with its
// version, so each row says which version its change made (what a conflict's diff reads).
import type { AuditOwner } from '../audit';
import type { Conn } from '../db/conn';
import type { CrudHooks } from './binding';
import { isComputed, type ResourceDecl } from '../../contract/resources/declare';

type Body = Record<string, unknown>;

export const auditedOf = <P>(decl: Pick<ResourceDecl, 'fields'>, hooks: CrudHooks<P>) => {
  // A computed field (docs/resources.md "Computed fields") is no change of the record's: today's date moves it.
  const computed = Object.keys(decl.fields).filter((k) => isComputed(decl.fields[k]));
  return async (db: Conn, record: Body & { id: string }): Promise<Body> => {
    const view = hooks.audit?.view ? await hooks.audit.view({ db, id: record.id, record }) : record;
    const kept = computed.length
      ? Object.fromEntries(Object.entries(view).filter(([k]) => !computed.includes(k)))
      : view;
    return { ...kept, version: record.version };
  };
};

/**
 * Whose audit rows a record's are (server/audit.ts AuditOwner): the audit.owner hook's answer, else the
 * company it was found in — a scoped record is only ever read and written through `company_id` = that
 * company (./queries.ts inTenant), so it is the record's own — and nobody's for a global record.
 */
export const ownerOf =
  <P>(hooks: CrudHooks<P>) =>
  (company: string | null, id: string, before: Body | null, after: Body | null): AuditOwner | null =>
    hooks.audit?.owner ? hooks.audit.owner({ id, before, after }) : company ? { company } : null;
