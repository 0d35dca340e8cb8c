// The caller's own account calls (server/session/ownProfileRoutes.ts): read the profile, save name and
// email, change the password. Each answers the parsed result (status, data or message and errors), so
// the sections can put field errors on their fields.
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut, isSuccess, type ApiResult } from '../../../providers/httpClient';
import { SessionsError } from './sessionsApi';

export interface OwnProfile {
  name: string;
  email: string;
  /** Signs in only through single sign-on: no password here, the email is the organisation's. */
  sso_only: boolean;
}

export interface PasswordChanged {
  message: string;
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
}

export const OWN_PROFILE_KEY = ['olympus.account', 'profile'] as const;

async function fetchProfile(): Promise<OwnProfile> {
  const res = await apiGet<OwnProfile>('/api/v1/session/profile');
  if (!isSuccess(res) || !res.data)
    throw new SessionsError(res?.status ?? null, typeof res?.message === 'string' ? res.message : null);
  return res.data;
}

/** The caller's profile, shared by the sections of the account page (one request). */
export const useOwnProfile = () => useQuery({ queryKey: OWN_PROFILE_KEY, queryFn: fetchProfile, retry: false });

export const saveProfile = (body: {
  name: string;
  email?: string;
  current_password?: string;
}): Promise<ApiResult<OwnProfile & { message: string }> | undefined> => apiPut('/api/v1/session/profile', body);

export const changePassword = (body: {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}): Promise<ApiResult<PasswordChanged> | undefined> => apiPost('/api/v1/session/password', body);
