// The access review API (server/users/reviewRoutes.ts), one function per call. A failure carries the
// HTTP status, so a 401 can go to react-admin's checkError.
import type { ReviewList, ReviewOutcome } from '../../../contract/accessReview';
import { apiGet, apiPost, type ApiResult } from '../../../providers/httpClient';

export class ReviewError extends Error {
  constructor(
    /** HTTP status, or null when the call did not reach the API. */
    public readonly status: number | null,
    public readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `access review call failed (${status ?? 'network'})`);
  }
}

function failed(res: ApiResult | undefined): ReviewError {
  return new ReviewError(res?.status ?? null, typeof res?.message === 'string' ? res.message : null);
}

export async function fetchReview(days: number, all: boolean): Promise<ReviewList> {
  const res = await apiGet<ReviewList['data']>(`/api/v1/users/review?days=${days}${all ? '&all=true' : ''}`);
  if (!res || res.status !== 200 || !Array.isArray(res.data)) throw failed(res);
  return { data: res.data, total: typeof res.total === 'number' ? res.total : res.data.length };
}

async function act(path: string, body: unknown): Promise<ReviewOutcome> {
  const res = await apiPost<ReviewOutcome>(`/api/v1/users/review/${path}`, body);
  if (!res || res.status !== 200 || !res.data) throw failed(res);
  return res.data;
}

export const disableUsers = (ids: string[]) => act('disable', { ids });
export const removeSystemAccess = (ids: string[], system: string) => act('remove-access', { ids, system });
