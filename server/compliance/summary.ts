// The X-Tenant company's compliance (contract/compliance.ts): every live property's required types, each pair
// judged by its latest live certificate (the one issued last; a unit's counts for its property) — expired, due,
// unproven or valid, as the certificate list computes it — or missing when the property has none of that type.
// The percentage is the valid pairs over all required pairs.
import { sql, type SQL } from 'drizzle-orm';
import { PAIR_STATUSES, type PairStatus } from '../../contract/compliance';
import type { Conn } from '../db/conn';
import { certificates } from '../db/declaredTables';
import { properties } from '../db/schema';
import { certificateStatus } from '../certificates/binding';

export { PAIR_STATUSES, type PairStatus };

export interface ComplianceSummary {
  counts: Record<PairStatus, number>;
  /** Required property × type pairs. */
  required: number;
  /** valid ÷ required, in percent to one decimal; null when nothing is required. */
  compliance_pct: number | null;
}

/**
 * The company's required pairs as SQL CTEs the summary and the matrix (./matrix.ts) both read, so both judge alike:
 * `required` (property_id, type, position: its place in the property's list) and `pairs` (property_id, type,
 * position, status, expires_on, certificate_id), the status `missing` where the property has no live certificate of
 * that type. `properties` narrows the required pairs to some properties (a subquery of ids).
 */
export function pairsCte(companyId: string, properties_?: SQL): SQL {
  return sql`required as (
      select ${properties.id} as property_id, t.type, t.position
      from ${properties} cross join lateral unnest(${properties.certificatesRequired}) with ordinality as t(type, position)
      where ${properties.companyId} = ${companyId} and ${properties.deletedAt} is null
        ${properties_ ? sql`and ${properties.id} in (${properties_})` : sql``}
    ), latest as (
      select distinct on (${certificates.propertyId}, ${certificates.type})
        ${certificates.propertyId} as property_id, ${certificates.type} as type, ${certificateStatus} as status,
        ${certificates.expiresOn} as expires_on, ${certificates.id} as certificate_id
      from ${certificates}
      where ${certificates.companyId} = ${companyId} and ${certificates.deletedAt} is null
        ${properties_ ? sql`and ${certificates.propertyId} in (${properties_})` : sql``}
      order by ${certificates.propertyId}, ${certificates.type}, ${certificates.issuedOn} desc,
        ${certificates.expiresOn} desc, ${certificates.createdAt} desc
    ), pairs as (
      select required.property_id, required.type, required.position, coalesce(latest.status, 'missing') as status,
        latest.expires_on, latest.certificate_id
      from required left join latest on latest.property_id = required.property_id and latest.type = required.type
    )`;
}

export async function complianceSummary(db: Conn, companyId: string): Promise<ComplianceSummary> {
  const result = (await db.execute(sql`
    with ${pairsCte(companyId)}
    select status, count(*)::int as n from pairs group by 1`)) as unknown as {
    rows: { status: PairStatus; n: number }[];
  };
  const counts = Object.fromEntries(PAIR_STATUSES.map((s) => [s, 0])) as Record<PairStatus, number>;
  for (const r of result.rows) counts[r.status] = Number(r.n);
  const required = PAIR_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return {
    counts,
    required,
    compliance_pct: required === 0 ? null : Math.round((counts.valid * 1000) / required) / 10,
  };
}
