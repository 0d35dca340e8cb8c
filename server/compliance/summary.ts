// The X-Tenant company's compliance (contract/compliance.ts): every live property's required types, each pair
// judged by its latest live certificate (the one issued last; a unit's counts for its property) — expired, due,
// unproven or valid, as the certificate list computes it — or missing when the property has none of that type.
// The percentage is the valid pairs over all required pairs.
import { sql } from 'drizzle-orm';
import { CERTIFICATE_STATUSES, type CertificateStatus } from '../../contract/compliance';
import type { Conn } from '../db/conn';
import { certificates } from '../db/declaredTables';
import { properties } from '../db/schema';
import { certificateStatus } from '../certificates/binding';

export type PairStatus = CertificateStatus | 'missing';
export const PAIR_STATUSES: readonly PairStatus[] = [...CERTIFICATE_STATUSES, 'missing'];

export interface ComplianceSummary {
  counts: Record<PairStatus, number>;
  /** Required property × type pairs. */
  required: number;
  /** valid ÷ required, in percent to one decimal; null when nothing is required. */
  compliance_pct: number | null;
}

export async function complianceSummary(db: Conn, companyId: string): Promise<ComplianceSummary> {
  const result = (await db.execute(sql`
    with required as (
      select ${properties.id} as property_id, t.type
      from ${properties} cross join lateral unnest(${properties.certificatesRequired}) as t(type)
      where ${properties.companyId} = ${companyId} and ${properties.deletedAt} is null
    ), latest as (
      select distinct on (${certificates.propertyId}, ${certificates.type})
        ${certificates.propertyId} as property_id, ${certificates.type} as type, ${certificateStatus} as status
      from ${certificates}
      where ${certificates.companyId} = ${companyId} and ${certificates.deletedAt} is null
      order by ${certificates.propertyId}, ${certificates.type}, ${certificates.issuedOn} desc,
        ${certificates.expiresOn} desc, ${certificates.createdAt} desc
    )
    select coalesce(latest.status, 'missing') as status, count(*)::int as n
    from required left join latest on latest.property_id = required.property_id and latest.type = required.type
    group by 1`)) as unknown as { rows: { status: PairStatus; n: number }[] };
  const counts = Object.fromEntries(PAIR_STATUSES.map((s) => [s, 0])) as Record<PairStatus, number>;
  for (const r of result.rows) counts[r.status] = Number(r.n);
  const required = PAIR_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return {
    counts,
    required,
    compliance_pct: required === 0 ? null : Math.round((counts.valid * 1000) / required) / 10,
  };
}
