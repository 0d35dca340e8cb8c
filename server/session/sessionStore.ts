// Reading and ending a user's signed-in sessions: the live rows of access_tokens (not revoked, not
// past their absolute or idle expiry — the same rule as the guard in ../auth/guard.ts). A session is
// named by the row's uuid; the token hash never leaves this file.
import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../db/conn';
import { accessTokens } from '../db/schema';
import { clearAuthCache } from '../auth/authCache';
import { TOKEN_IDLE_MS } from '../auth/tokens';
import { parseUserAgent } from './userAgent';
import type { SessionView } from '../../contract/sessions';

export type { SessionView };

/** Live for the guard right now: not revoked, before the absolute expiry and within the idle window. */
function live(userId: string): SQL {
  const idleSeconds = TOKEN_IDLE_MS / 1000;
  return and(
    eq(accessTokens.userId, userId),
    isNull(accessTokens.revokedAt),
    gt(accessTokens.expiresAt, sql`now()`),
    gt(accessTokens.lastUsedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
  ) as SQL;
}

/** The user's live sessions, the caller's own first, then the most recently active; `currentId` marks the caller's own.
 */
export async function listSessions(db: Conn, userId: string, currentId: string | null): Promise<SessionView[]> {
  const rows = await db
    .select({
      id: accessTokens.id,
      ip: accessTokens.ip,
      userAgent: accessTokens.userAgent,
      createdAt: accessTokens.createdAt,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .where(live(userId))
    .orderBy(desc(accessTokens.lastUsedAt), desc(accessTokens.createdAt));
  const sessions = rows.map((r) => ({
    id: r.id,
    ...parseUserAgent(r.userAgent),
    ip: r.ip,
    signed_in_at: r.createdAt.toISOString(),
    last_active_at: r.lastUsedAt.toISOString(),
    current: r.id === currentId,
  }));
  // The caller's own session leads: it is the one they look for first.
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/**
 * Ends the user's live sessions matching `which` and answers how many ended. The guard's short
 * memory is emptied at once, so an ended token is refused on its very next request.
 */
async function revokeWhere(db: Conn, userId: string, which: SQL | undefined): Promise<number> {
  const ended = await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(live(userId), which))
    .returning({ id: accessTokens.id });
  clearAuthCache();
  return ended.length;
}

/** One session of the user (0 when the id is not one of their live sessions). */
export const revokeSession = (db: Conn, userId: string, sessionId: string) =>
  revokeWhere(db, userId, eq(accessTokens.id, sessionId));

/** Every live session of the user except `keepId`. */
export const revokeOtherSessions = (db: Conn, userId: string, keepId: string) =>
  revokeWhere(db, userId, ne(accessTokens.id, keepId));

/** Every live session of the user. */
export const revokeAllSessions = (db: Conn, userId: string) => revokeWhere(db, userId, undefined);
