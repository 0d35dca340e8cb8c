// A signed-in session as the sessions API answers it (GET /session/sessions, GET /users/{id}/sessions)
// and the account and user-edit screens show it. `id` is the session's own uuid, never its token.
export interface SessionView {
  id: string;
  /** Browser family ("Chrome"), or null when the user agent did not tell. */
  browser: string | null;
  /** Operating system family ("Linux"), or null when the user agent did not tell. */
  os: string | null;
  /** The address the session signed in from. */
  ip: string | null;
  signed_in_at: string;
  /** Refreshed at most once a minute by the guard. */
  last_active_at: string;
  /** The session making this request. */
  current: boolean;
}

export interface RevokedSessions {
  message: string;
  /** How many sessions ended. */
  revoked: number;
}
