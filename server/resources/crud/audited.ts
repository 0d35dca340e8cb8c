// A record as its audit rows keep it (docs/resources.md "History"): the record itself, or the
// auditView hook's view of it (a user without their secrets, with every company); always with its
// version, so each row says which version its change made (what a conflict's diff reads).
import type { Conn } from '../db';
import type { CrudHooks } from './binding';

type Body = Record<string, unknown>;

export const auditedOf =
  <P>(hooks: CrudHooks<P>) =>
  async (db: Conn, record: Body & { id: string }): Promise<Body> => ({ ...(hooks.auditView ? await hooks.auditView({ db, id: record.id, record }) : record), version: record.version });
