// A row of GET /users (contract/types.ts User): the session user's shape plus `disabled`, `status`
// and `last_login_at` (optional here: a record from elsewhere, e.g. the session, lacks them).
import type { SessionUser, User } from '../../contract/types';

export type UserRecord = SessionUser & Partial<Pick<User, 'disabled' | 'status' | 'last_login_at'>>;

export const systemNames = (u: UserRecord): string[] => (u.systems ?? []).map((s) => s.name);

export const roleLabels = (u: UserRecord): string[] => (u.roles ?? []).map((r) => r.label);
