// The sessions API (server/session/*Routes.ts), one function per call. Each answers the list or a
// failure carrying the HTTP status, so a caller can send a 401 to react-admin's checkError.
import type { RevokedSessions, SessionView } from '../../../contract/sessions';
import { apiDelete, apiGet, apiPost, isSuccess, type ApiResult } from '../../../providers/httpClient';

export type { SessionView };

export class SessionsError extends Error {
  constructor(
    /** HTTP status, or null when the call did not reach the API. */
    public readonly status: number | null,
    public readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `sessions call failed (${status ?? 'network'})`);
  }
}

function unwrap<T>(res: ApiResult<T> | undefined): T {
  if (!isSuccess(res) || res.data === undefined)
    throw new SessionsError(res?.status ?? null, typeof res?.message === 'string' ? res.message : null);
  return res.data as T;
}

const userPath = (userId: string) => `/api/v1/users/${encodeURIComponent(userId)}/sessions`;

export const fetchOwnSessions = async () => unwrap(await apiGet<SessionView[]>('/api/v1/session/sessions'));
export const endOwnSession = async (id: string) =>
  unwrap(await apiDelete<RevokedSessions>(`/api/v1/session/sessions/${encodeURIComponent(id)}`));
export const endOtherSessions = async () =>
  unwrap(await apiPost<RevokedSessions>('/api/v1/session/sessions/revoke-others'));
export const fetchUserSessions = async (userId: string) => unwrap(await apiGet<SessionView[]>(userPath(userId)));
export const endUserSessions = async (userId: string) =>
  unwrap(await apiPost<RevokedSessions>(`${userPath(userId)}/revoke`));
