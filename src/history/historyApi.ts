// The two calls of the History panel: a page of a record's history, and a restore of one entry
// (GET /api/v1/{resource}/{id}/history, POST …/history/{entry}/restore; docs/resources.md "History").
import type { HistoryEntry } from '../../contract/history';
import { apiUrl } from '../../providers/dataProvider';
import { apiGet, apiPost, isSuccess, type ApiResult } from '../../providers/httpClient';

/** Entries one page holds: a screenful of changes. */
export const HISTORY_PAGE = 10;

/** A page that did not come; status 0 when the server never answered. */
export class HistoryError extends Error {
  constructor(readonly status: number) {
    super(`history failed (${status})`);
  }
}

const base = (resource: string, id: string) => `${apiUrl(resource)}/${encodeURIComponent(id)}/history`;

export async function fetchHistory(
  resource: string,
  id: string,
  page: number,
): Promise<{ entries: HistoryEntry[]; total: number }> {
  const res = await apiGet<HistoryEntry[]>(`${base(resource, id)}?page=${page}&per_page=${HISTORY_PAGE}`);
  if (!isSuccess(res) || !Array.isArray(res.data)) throw new HistoryError(res?.status ?? 0);
  const total = (res as ApiResult & { meta?: { total?: unknown } }).meta?.total;
  return { entries: res.data, total: typeof total === 'number' ? total : res.data.length };
}

export type RestoreAnswer =
  { ok: true; message: string } | { ok: false; status: number; message: string | null; errors: string[] };

export async function restoreEntry(resource: string, id: string, entryId: string): Promise<RestoreAnswer> {
  const res: ApiResult<{ message?: string }> | undefined = await apiPost<{ message?: string }>(
    `${base(resource, id)}/${encodeURIComponent(entryId)}/restore`,
  );
  const failure: ApiResult | undefined = res;
  if (isSuccess(res)) return { ok: true, message: typeof res.data?.message === 'string' ? res.data.message : '' };
  const errors = Object.values(failure?.errors ?? {})
    .flat()
    .filter((m): m is string => typeof m === 'string');
  return {
    ok: false,
    status: failure?.status ?? 0,
    message: typeof failure?.message === 'string' ? failure.message : null,
    errors,
  };
}
