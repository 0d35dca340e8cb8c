// The compliance screen's and the dashboard panel's calls (session token + X-Tenant, like every API call): the
// counts and percentage, and a page of the matrix (server/compliance/routes.ts).
import { apiGet } from '../../../providers/httpClient';
import type { ComplianceRow, PairStatus } from '../../../contract/compliance';

export interface ComplianceSummary {
  counts: Record<PairStatus, number>;
  required: number;
  compliance_pct: number | null;
}

export interface MatrixPage {
  data: ComplianceRow[];
  meta: { total: number; page: number; per_page: number };
}

export class ComplianceError extends Error {
  constructor(public readonly serverMessage: string | null) {
    super(serverMessage ?? 'compliance failed');
  }
}

export async function fetchSummary(signal?: AbortSignal): Promise<ComplianceSummary> {
  const res = await apiGet<ComplianceSummary>('/api/v1/compliance/summary', { signal });
  if (res?.status === 200 && res.data) return res.data;
  throw new ComplianceError(typeof res?.message === 'string' ? res.message : null);
}

export interface MatrixQuery {
  page: number;
  perPage: number;
  q: string;
  status: PairStatus | null;
}

export async function fetchMatrix(query: MatrixQuery, signal?: AbortSignal): Promise<MatrixPage> {
  const params = new URLSearchParams({ page: String(query.page), per_page: String(query.perPage) });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.status) params.set('status', query.status);
  // The matrix answers { data, meta }: the client's `data` is the whole body.
  const res = await apiGet<MatrixPage['data']>(`/api/v1/compliance/matrix?${params}`, { signal });
  if (res?.status === 200 && res.data) return { data: res.data, meta: res.meta as MatrixPage['meta'] };
  throw new ComplianceError(typeof res?.message === 'string' ? res.message : null);
}
