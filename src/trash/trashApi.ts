// The calls of a Trash screen (docs/resources.md "Trash"): a page of the resource's trash, a restore,
// and a super admin's delete forever (GET /api/v1/{resource}/trash, POST …/{id}/restore,
// DELETE …/{id}?purge=true).
import { apiUrl } from '../../providers/dataProvider';
import { apiDelete, apiGet, apiPost, isSuccess, type ApiResult } from '../../providers/httpClient';

/** Records one page holds. */
export const TRASH_PAGE = 25;

/** A record in the trash: as the list reads it, with who deleted it and when. */
export interface TrashedRecord {
  id: string;
  deleted_at: string;
  /** `hidden`: someone outside the caller's companies, not named to them. */
  deleted_by: { id: string; name: string } | { id: null; name: null; hidden: true } | null;
  [key: string]: unknown;
}

export interface TrashPage {
  records: TrashedRecord[];
  total: number;
  /** OLYMPUS_TRASH_DAYS. */
  days: number;
}

/** A page that did not come; status 0 when the server never answered. */
export class TrashError extends Error {
  constructor(readonly status: number) {
    super(`trash failed (${status})`);
  }
}

export async function fetchTrash(resource: string, page: number): Promise<TrashPage> {
  const res = await apiGet<TrashedRecord[]>(`${apiUrl(resource)}/trash?page=${page}&per_page=${TRASH_PAGE}`);
  if (!isSuccess(res) || !Array.isArray(res.data)) throw new TrashError(res?.status ?? 0);
  const meta = (res as ApiResult & { meta?: { total?: unknown; days?: unknown } }).meta;
  return {
    records: res.data,
    total: typeof meta?.total === 'number' ? meta.total : res.data.length,
    days: typeof meta?.days === 'number' ? meta.days : 0,
  };
}

export type TrashAnswer = { ok: true } | { ok: false; status: number; message: string | null; errors: string[] };

function answerOf(res: ApiResult | undefined): TrashAnswer {
  // isSuccess narrows its argument; the failure keeps the wider type.
  const failure: ApiResult | undefined = res;
  if (isSuccess(res)) return { ok: true };
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

const recordUrl = (resource: string, id: string) => `${apiUrl(resource)}/${encodeURIComponent(id)}`;

export const restoreRecord = async (resource: string, id: string): Promise<TrashAnswer> =>
  answerOf(await apiPost(`${recordUrl(resource, id)}/restore`));

export const purgeRecord = async (resource: string, id: string): Promise<TrashAnswer> =>
  answerOf(await apiDelete(`${recordUrl(resource, id)}?purge=true`));
