// A declared resource's references read (docs/resources.md "References"): which records the bodies
// name are the tenant's live ones, which named references are bad, and each reference's select
// options. Each takes the resource as bound (./bound.ts).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { UNPAGED_LIST_MAX } from '../../contract/lists';
import { isUuid, type Conn } from '../db/conn';
import type { TenantScope } from '../db/tenantScope';
import { lowerOf } from '../lists/lists';
import type { Bound, BoundRef } from './bound';

/** Per reference field, the ids among those some bodies name that are live records of the tenant (liveRefs). */
export type LiveRefs = Map<string, Set<string>>;

/**
 * Which of the ids the bodies name are the tenant's live records, per reference field: one query per
 * reference that any body names (for one body, as for a batch of an import's rows).
 */
export async function liveRefs(
  b: Bound,
  db: Conn,
  tenant: TenantScope,
  bodies: readonly Record<string, unknown>[],
): Promise<LiveRefs> {
  const live: LiveRefs = new Map();
  for (const r of b.refs) {
    const ids = [...new Set(bodies.flatMap((x) => (isUuid(x[r.field]) ? [(x[r.field] as string).toLowerCase()] : [])))];
    const found = ids.length
      ? await db
          .select({ id: r.id })
          .from(r.table)
          .where(and(inArray(r.id, ids), r.live, b.refInTenant(r, tenant)))
      : [];
    live.set(r.field, new Set(found.map((f) => f.id as string)));
  }
  return live;
}

/**
 * The references the body names that do not exist in the tenant's company, or are in the trash
 * (`live`: liveRefs of it): their field and `as`. None ('' or null) is no reference.
 */
export function badRefsIn(b: Bound, body: Record<string, unknown>, live: LiveRefs): BoundRef[] {
  return b.refs.filter((r) => {
    const value = body[r.field];
    if (value === undefined || (!r.required && (value === null || (typeof value === 'string' && value.trim() === ''))))
      return false;
    return !(isUuid(value) && live.get(r.field)?.has(value.toLowerCase()));
  });
}

/**
 * Each reference's select options (uuid → name): the tenant's first UNPAGED_LIST_MAX by name, like
 * any unpaged list (contract/lists.ts), plus the record's current one wherever it sorts.
 */
export async function refOptions(b: Bound, db: Conn, tenant: TenantScope, current: Record<string, unknown> = {}) {
  const out: Record<string, Record<string, string>> = {};
  for (const r of b.refs) {
    const pick = { id: r.id, name: r.name };
    // A record in the trash is no choice, not even the record's current one.
    const mine = and(r.live, b.refInTenant(r, tenant));
    const found = await db
      .select(pick)
      .from(r.table)
      .where(mine)
      .orderBy(asc(lowerOf(r.name)), asc(r.id))
      .limit(UNPAGED_LIST_MAX);
    const now = current[r.field];
    if (typeof now === 'string' && !found.some((o) => o.id === now))
      found.push(
        ...(await db
          .select(pick)
          .from(r.table)
          .where(and(mine, eq(r.id, now)))),
      );
    out[r.field] = Object.fromEntries(found.map((o) => [o.id, o.name]));
  }
  return out;
}
