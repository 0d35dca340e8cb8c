// A user's invitation (server/users/invitationRoutes.ts): whether they have set a password, their
// newest set-password link, and a fresh one mailed or answered once for the administrator to copy.
import { apiGet, apiPost, isSuccess, type ApiResult } from '../../../providers/httpClient';
import { SessionsError } from './sessionsApi';

export interface InvitationState {
  password_set: boolean;
  sso: boolean;
  disabled: boolean;
  may_send: boolean;
  invitation: { sent_at: string; expires_at: string; expired: boolean; kind: 'invite' | 'reset' } | null;
}

export interface InvitationSent extends Omit<InvitationState, 'may_send'> {
  message: string;
  /** Only when asked for a link to copy (mail: false). */
  link?: string;
}

const path = (userId: string) => `/api/v1/users/${encodeURIComponent(userId)}/invitation`;

function unwrap<T>(res: ApiResult<T> | undefined): T {
  if (!isSuccess(res) || res.data === undefined)
    throw new SessionsError(res?.status ?? null, typeof res?.message === 'string' ? res.message : null);
  return res.data as T;
}

export const fetchInvitation = async (userId: string) => unwrap(await apiGet<InvitationState>(path(userId)));
export const sendInvitation = async (userId: string, mail: boolean) =>
  unwrap(await apiPost<InvitationSent>(path(userId), { mail }));
