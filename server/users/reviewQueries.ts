// Which users an access review lists: active accounts not signed in for `days` (counting from their
// creation when they never signed in), and every invitation or temporary password never used.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { Conn } from '../db/conn';
import { OLYMPUS_SYSTEM } from '../../contract/roles';
import { REVIEW_MAX_ROWS, type ReviewReason, type ReviewUser } from '../../contract/accessReview';
import type { AuthContext } from '../types';
import type { Holdings } from './grants';
import { reviewRefusal } from './reviewActions';
import { findUsersByIds, type UserScope } from './queries';

interface CandidateRow {
  id: string;
  last_login_at: Date | string | null;
  created_at: Date | string;
  /** No password of their own yet: none (an invitation link) or a temporary one. */
  invited: boolean;
  total: number | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

function reasonOf(row: CandidateRow): ReviewReason {
  if (row.last_login_at !== null) return 'dormant';
  return row.invited ? 'invitation_unused' : 'never_signed_in';
}

/**
 * The review of `tenantId`'s users (null: everyone), oldest sign-in first. Companies shown are the
 * reviewer's (`visibleCompanies`), but reach is judged on all of each user's companies.
 */
export async function reviewUsers(
  db: Conn,
  scope: UserScope,
  grantor: Holdings,
  days: number,
  auth: AuthContext,
  now: Date = new Date(),
): Promise<{ data: ReviewUser[]; total: number }> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const tenant =
    scope.tenantId === null
      ? sql``
      : sql`and exists (select 1 from user_companies m where m.user_id = u.id and m.company_id = ${scope.tenantId})`;
  const rows = rowsOf<CandidateRow>(
    await db.execute(sql`
      select u.id, u.last_login_at, u.created_at, (u.must_change_password or u.password_hash is null) as invited, count(*) over () as total
      from users u
      where u.disabled_at is null ${tenant}
        and (coalesce(u.last_login_at, u.created_at) < ${cutoff.toISOString()}::timestamptz
             or (u.last_login_at is null and (u.must_change_password or u.password_hash is null)))
      order by u.last_login_at asc nulls first, lower(u.name), u.id
      limit ${REVIEW_MAX_ROWS}`),
  );
  const ids = rows.map((r) => r.id);
  const whole = new Map(
    (await findUsersByIds(db, { tenantId: null, visibleCompanies: null }, ids)).map((u) => [u.id, u]),
  );
  const shown = scope.visibleCompanies;
  const data: ReviewUser[] = [];
  for (const row of rows) {
    const user = whole.get(row.id);
    if (!user) continue;
    data.push({
      id: user.id,
      name: user.name,
      email: user.email,
      last_login_at: row.last_login_at === null ? null : iso(row.last_login_at),
      created_at: iso(row.created_at),
      reason: reasonOf(row),
      olympus_role: user.olympusRole?.label ?? null,
      companies: user.companies
        .filter((c) => shown === null || shown.includes(c.id))
        .map((c) => ({ id: c.id, name: c.name })),
      systems: user.systems
        .filter((s) => s.name !== OLYMPUS_SYSTEM)
        .map((s) => ({ id: s.uuid, name: s.name, role: user.roles.find((r) => r.system === s.name)?.label ?? null })),
      refusal: reviewRefusal(auth, grantor, user),
    });
  }
  return { data, total: rows.length ? Number(rows[0].total) : 0 };
}
