// Automatic disabling of dormant accounts (OLYMPUS_DORMANT_DISABLE_DAYS, off by default): users who
// have not signed in for that many days (counting from their creation when they never did) are
// disabled once at start and then hourly, through the user write path (their tokens are revoked),
// and audited as users.dormant_disabled by "system".
// Super admins are never disabled automatically: they are the only way back into a locked-out
// installation (a disabled last super admin leaves nobody to re-enable anyone, and the bootstrap
// step only runs while no super admin exists at all). The review screen still lists them.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/rows';
import { audit } from '../audit';
import type { Db } from '../db';
import { logJobFailure } from '../http/error-log';
import { OLYMPUS_SYSTEM, SUPER_ADMIN } from '../../contract/roles';
import { lockUser } from './grants';
import { disableUser } from './writes';

export const DORMANT_CHECK_MS = 3600_000;

/** Users dormant for `days` at `now`, super admins left out. */
function dormantSql(days: number, now: Date) {
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  return sql`
    select u.id, u.last_login_at from users u
    where u.disabled_at is null
      and coalesce(u.last_login_at, u.created_at) < ${cutoff}::timestamptz
      and not exists (
        select 1 from user_systems us join systems s on s.id = us.system_id and s.name = ${OLYMPUS_SYSTEM}
        join roles r on r.id = us.role_id and r.name = ${SUPER_ADMIN}
        where us.user_id = u.id)`;
}

/** Disables every dormant user; answers their ids. Each user in its own transaction, checked again on the locked row.
 */
export async function disableDormantUsers(db: Db, days: number, now: Date = new Date()): Promise<string[]> {
  const candidates = rowsOf<{ id: string }>(await db.execute(dormantSql(days, now)));
  const disabled: string[] = [];
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      await lockUser(tx, id);
      // Signed in or disabled since the list was read: leave them.
      const still = rowsOf<{ id: string; last_login_at: Date | string | null }>(
        await tx.execute(sql`select * from (${dormantSql(days, now)}) d where d.id = ${id}`),
      );
      if (still.length === 0) return false;
      await disableUser(tx, id);
      const last = still[0].last_login_at;
      await audit(tx as unknown as Db, {
        action: 'users.dormant_disabled',
        owner: { user: id },
        actorId: null,
        entity: 'user',
        entityId: id,
        before: { disabled: false },
        after: { disabled: true },
        detail: {
          actor: 'system',
          days,
          last_login_at: last === null ? null : new Date(last).toISOString(),
          signed_out: true,
        },
      });
      return true;
    });
    if (done) disabled.push(id);
  }
  return disabled;
}

/** Runs the check when the server is ready and every hour after, until it closes. */
export function scheduleDormantDisabling(app: FastifyInstance, days: number | null): void {
  if (days === null) return;
  let timer: NodeJS.Timeout | null = null;
  const run = async () => {
    try {
      const ids = await disableDormantUsers(app.db, days);
      if (ids.length) app.log.info({ count: ids.length, days }, 'dormant accounts disabled');
    } catch (err) {
      logJobFailure({ log: app.log, outage: app.database.outage }, 'dormant account check', err);
    }
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), DORMANT_CHECK_MS);
    // The check must never keep the process alive on its own.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
