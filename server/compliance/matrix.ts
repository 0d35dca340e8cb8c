// The X-Tenant company's compliance matrix (contract/compliance.ts ComplianceRow): a page of its live properties by
// name, each with its required types judged as the summary judges them (./summary.ts pairsCte: one SQL for both).
// Searchable by property name; `status` keeps the properties with a pair of that status.
import { sql, type SQL } from 'drizzle-orm';
import type { CertificateType, ComplianceRow, PairStatus } from '../../contract/compliance';
import type { Conn } from '../db/conn';
import { likePattern } from '../db/conn';
import { properties } from '../db/schema';
import { pairsCte } from './summary';

export interface MatrixQuery {
  page: number;
  perPage: number;
  q?: string;
  status?: PairStatus;
}

export interface ComplianceMatrix {
  rows: ComplianceRow[];
  total: number;
}

interface PairRow {
  property_id: string;
  type: CertificateType;
  status: PairStatus;
  expires_on: string | Date | null;
  certificate_id: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** A date column as `Y-m-d` whichever way the driver hands it over. */
const dayOf = (v: string | Date | null): string | null =>
  v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);

export async function complianceMatrix(db: Conn, companyId: string, query: MatrixQuery): Promise<ComplianceMatrix> {
  const where: SQL[] = [sql`${properties.companyId} = ${companyId}`, sql`${properties.deletedAt} is null`];
  if (query.q?.trim()) where.push(sql`${properties.name} ilike ${likePattern(query.q.trim())}`);
  if (query.status)
    where.push(
      sql`exists (select 1 from pairs where pairs.property_id = ${properties.id} and pairs.status = ${query.status})`,
    );
  const matching = sql`from ${properties} where ${sql.join(where, sql` and `)}`;
  const withPairs = query.status ? sql`with ${pairsCte(companyId)}` : sql``;
  const page = rowsOf<{ id: string; name: string; total: number }>(
    await db.execute(sql`${withPairs}
      select ${properties.id} as id, ${properties.name} as name, count(*) over ()::int as total ${matching}
      order by lower(${properties.name}), ${properties.id}
      limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`),
  );
  // Past the last page the window count has no row to ride on.
  const total =
    page.length > 0
      ? Number(page[0].total)
      : Number(rowsOf<{ n: number }>(await db.execute(sql`${withPairs} select count(*)::int as n ${matching}`))[0].n);
  if (page.length === 0) return { rows: [], total };
  const ids = sql.join(
    page.map((p) => sql`${p.id}::uuid`),
    sql`, `,
  );
  const pairs = rowsOf<PairRow>(
    await db.execute(sql`with ${pairsCte(companyId, ids)}
      select property_id, type, status, expires_on, certificate_id from pairs order by property_id, position`),
  );
  const rows = new Map<string, ComplianceRow>(
    page.map((p) => [p.id, { property_id: p.id, property: p.name, cells: [] }]),
  );
  for (const p of pairs)
    rows.get(p.property_id)?.cells.push({
      type: p.type,
      status: p.status,
      expires_on: dayOf(p.expires_on),
      certificate_id: p.certificate_id,
    });
  return { rows: [...rows.values()], total };
}
