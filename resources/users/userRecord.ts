// A row of GET /users (issue 3 API contract): the session user's shape plus `disabled`.
import type { SessionUser } from '../../contract/types';

export type UserRecord = SessionUser & { disabled?: boolean };

export const systemNames = (u: UserRecord): string[] => (u.systems ?? []).map((s) => s.name);

export const roleLabels = (u: UserRecord): string[] => (u.roles ?? []).map((r) => r.label);
