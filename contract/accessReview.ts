// The access review (GET /users/review, POST /users/review/disable and /users/review/remove-access)
// as the API answers it and the review screen shows it.

/** Days without a sign-in that make an account dormant when the reviewer does not say. */
export const REVIEW_DEFAULT_DAYS = 90;
export const REVIEW_MAX_DAYS = 3650;
/** Most users one review lists, and one action may name. */
export const REVIEW_MAX_ROWS = 500;

export type ReviewReason = 'dormant' | 'never_signed_in' | 'invitation_unused';

export interface ReviewUser {
  id: string;
  name: string;
  email: string;
  /** Null: never signed in. */
  last_login_at: string | null;
  created_at: string;
  reason: ReviewReason;
  /** The Olympus role's label, or null without one. */
  olympus_role: string | null;
  /** Companies the reviewer manages (all of them for a super admin). */
  companies: { id: string; name: string }[];
  /** Connected systems (not Olympus) with the role held there, if any. */
  systems: { id: string; name: string; role: string | null }[];
  /** May the reviewer act on this user (server/users/grants.ts)? When not, why. */
  refusal: string | null;
}

export interface ReviewList {
  data: ReviewUser[];
  /** Every matching user; more than data holds when the list was cut at REVIEW_MAX_ROWS. */
  total: number;
}

export interface ReviewOutcome {
  message: string;
  done: string[];
  refused: { id: string; message: string }[];
}
