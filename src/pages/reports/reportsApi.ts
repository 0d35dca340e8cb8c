// The two calls of the Reports page: the report list (session token + X-Tenant, like every API call)
// and a built-in report's data (its own report token only: the session token never leaves for a
// report URL).
import { apiGet } from '../../../providers/httpClient';
import type { PortfolioData, ReportEntry } from './types';

export type ReportList = { ok: true; reports: ReportEntry[] } | { ok: false; message: string | null };

export async function fetchReportList(): Promise<ReportList> {
  const res = await apiGet<{ urls: ReportEntry[] }>('/api/v1/reports');
  if (res && res.status === 200 && Array.isArray(res.data?.urls)) return { ok: true, reports: res.data.urls };
  return { ok: false, message: typeof res?.message === 'string' ? res.message : null };
}

/** The fresh entry of one report (a new token), or null when the list cannot be fetched now. */
export async function fetchReportEntry(id: string): Promise<ReportEntry | null> {
  const list = await fetchReportList();
  return list.ok ? (list.reports.find((r) => r.id === id) ?? null) : null;
}

/** A failed data call; `message` is the server's, when it gave one. */
export class ReportDataError extends Error {
  constructor(public readonly serverMessage: string | null) {
    super(serverMessage ?? 'report data failed');
  }
}

export async function fetchPortfolio(url: string, token: string, signal?: AbortSignal): Promise<PortfolioData> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'omit',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ReportDataError(null);
  }
  let body: { data?: PortfolioData; message?: string } = {};
  try {
    body = JSON.parse(await res.text()) as typeof body;
  } catch {
    // Not JSON (a proxy error page): the generic message says enough.
  }
  if (res.status !== 200 || !body.data)
    throw new ReportDataError(typeof body.message === 'string' ? body.message : null);
  return body.data;
}
