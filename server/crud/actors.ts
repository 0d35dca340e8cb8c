// Who a caller may see named as the actor of a record's change (a history entry, a conflict's
// "changed by"): the audit log's rule (docs/security.md "The audit log") — every actor for a super
// admin, else the users of the caller's companies now, and the caller. Anyone else is HIDDEN_ACTOR.
import type { FastifyRequest } from 'fastify';
import { and, inArray } from 'drizzle-orm';
import { SUPER_ADMIN } from '../../contract/roles';
import { requireAuth } from '../auth/guard';
import { userCompanies } from '../db/schema';
import type { Conn } from '../db/conn';

/** An actor the caller may not see named: no id, name or email. */
export const HIDDEN_ACTOR = { id: null, name: null, hidden: true } as const;

/** Of these actors, the ones the caller may see named (on `db`: inside a transaction, the transaction). */
export async function namedActors(db: Conn, req: FastifyRequest, actors: readonly string[]): Promise<Set<string>> {
  const auth = requireAuth(req);
  if (auth.role === SUPER_ADMIN || actors.length === 0) return new Set(actors);
  if (auth.companyIds.length === 0) return new Set([auth.userId]);
  const rows = await db
    .selectDistinct({ id: userCompanies.userId })
    .from(userCompanies)
    .where(and(inArray(userCompanies.userId, [...new Set(actors)]), inArray(userCompanies.companyId, auth.companyIds)));
  return new Set([auth.userId, ...rows.map((r) => r.id)]);
}
