// The Occupancy report's calls (session token + X-Tenant, like every API call): occupancy as at a
// day, the 12-month series and today's voids (docs/resources.md "Occupancy").
import { apiGet } from '../../../../providers/httpClient';
import type { OccupancyData, OccupancySeries, VoidsData } from '../../../../contract/occupancy';

/** A refused or failed call; `serverMessage` is the server's words (a 422 names the bad date). */
export class OccupancyError extends Error {
  constructor(public readonly serverMessage: string | null) {
    super(serverMessage ?? 'occupancy failed');
  }
}

async function get<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await apiGet<T>(path, { signal });
  if (res?.status === 200 && res.data) return res.data;
  throw new OccupancyError(typeof res?.message === 'string' ? res.message : null);
}

export const fetchOccupancy = (asAt: string, signal?: AbortSignal) =>
  get<OccupancyData>(`/api/v1/reports/occupancy?as_at=${encodeURIComponent(asAt)}`, signal);

export const fetchSeries = (to: string, signal?: AbortSignal) =>
  get<OccupancySeries>(`/api/v1/reports/occupancy/series?to=${encodeURIComponent(to)}&step=month`, signal);

export const fetchVoids = (day: string, signal?: AbortSignal) =>
  get<VoidsData>(`/api/v1/reports/voids?from=${day}&to=${day}`, signal);
