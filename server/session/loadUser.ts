// The SessionUser of contract/types.ts for the signed-in user: the same read the
// users API answers (server/users/queries.ts), across all of the user's companies.
import type { Db } from '../db';
import type { SessionUser } from '../../contract/types';
import { findUser } from '../users/queries';

export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const record = await findUser(db, { tenantId: null, visibleCompanies: null }, userId);
  if (!record || record.disabled) return null;
  const { disabled: _disabled, ...user } = record;
  return user;
}
