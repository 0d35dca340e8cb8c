// The first super admin of a database without demo data (production, DATABASE_URL): created from
// OLYMPUS_BOOTSTRAP_ADMIN_EMAIL / _PASSWORD at start, or by `npm run admin:create`, only while no
// super_admin exists — like Keycloak's bootstrap admin. The account must choose a new password at its
// first sign-in, so the bootstrap password stops working once used, and like every temporary password
// it expires after 72 h unused (it sits in an environment or a deploy file). An expired, never-used
// bootstrap account does not count as a super admin: the same step run again with the same email gives
// it a fresh temporary password. Nothing here logs a password.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './index';
import type { Config } from '../config';
import { roles, systems, users, userSystems } from './schema';
import { hashPassword } from '../auth/passwords';
import { OLYMPUS_SYSTEM, SUPER_ADMIN } from '../../contract/roles';
import { insertCatalogue, OLYMPUS_ONLY, SEED_LOCK } from './seed';
import { TEMP_PASSWORD_MS } from '../users/writes';

export interface BootstrapAdmin {
  email: string;
  password: string;
  name?: string;
}

export type BootstrapResult =
  | { created: true; userId: string; renewed?: boolean }
  | { created: false; reason: 'super_admin_exists' | 'email_taken' };

/** A temporary password that was never replaced and has expired: the account cannot sign in. */
const expiredTemporary = sql`(${users.mustChangePassword} and ${users.tempPasswordExpiresAt} <= now())`;

/** Super admins who can sign in (or still may, with a live temporary password). */
async function hasSuperAdmin(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userSystems)
    .innerJoin(roles, eq(roles.id, userSystems.roleId))
    .innerJoin(systems, eq(systems.id, userSystems.systemId))
    .innerJoin(users, eq(users.id, userSystems.userId))
    .where(
      and(
        eq(systems.name, OLYMPUS_SYSTEM),
        eq(roles.name, SUPER_ADMIN),
        sql`not ${expiredTemporary}`,
        sql`${users.disabledAt} is null`,
      ),
    );
  return row.n > 0;
}

const temporaryUntil = () => new Date(Date.now() + TEMP_PASSWORD_MS);

/**
 * Creates the super admin unless one exists. Several instances starting at once take the seed's
 * advisory lock in turn, so exactly one of them creates it.
 */
export async function bootstrapAdmin(db: Db, admin: BootstrapAdmin, publicUrl: string): Promise<BootstrapResult> {
  if (await hasSuperAdmin(db)) return { created: false, reason: 'super_admin_exists' };
  // Hash outside the transaction: argon2 takes a while and PGlite serialises everything.
  const passwordHash = await hashPassword(admin.password);
  const email = admin.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasSuperAdmin(tx as unknown as Db)) return { created: false, reason: 'super_admin_exists' } as const;
    const [taken] = await tx
      .select({ id: users.id, expired: sql<boolean>`coalesce(${expiredTemporary}, false)` })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (taken) {
      // The bootstrap account itself, never used before its password expired: renew that password.
      const isSuperAdmin = await tx
        .select({ id: userSystems.userId })
        .from(userSystems)
        .innerJoin(roles, eq(roles.id, userSystems.roleId))
        .where(and(eq(userSystems.userId, taken.id), eq(roles.name, SUPER_ADMIN)));
      if (!taken.expired || isSuperAdmin.length === 0) return { created: false, reason: 'email_taken' } as const;
      await tx
        .update(users)
        .set({ passwordHash, tempPasswordExpiresAt: temporaryUntil(), failedLogins: 0, lockedUntil: null })
        .where(eq(users.id, taken.id));
      return { created: true, userId: taken.id, renewed: true } as const;
    }
    const { systemIds, roleIds } = await insertCatalogue(tx, OLYMPUS_ONLY, publicUrl);
    const [user] = await tx
      .insert(users)
      .values({
        name: admin.name ?? 'Administrator',
        username: email,
        email,
        passwordHash,
        mustChangePassword: true,
        tempPasswordExpiresAt: temporaryUntil(),
      })
      .returning({ id: users.id });
    await tx.insert(userSystems).values({
      userId: user.id,
      systemId: systemIds[OLYMPUS_SYSTEM],
      roleId: roleIds[`${OLYMPUS_SYSTEM}/${SUPER_ADMIN}`],
    });
    return { created: true, userId: user.id } as const;
  });
}

/** Where the start-up step reports (the app's logger). */
export interface BootstrapLog {
  info(message: string): void;
  warn(message: string): void;
}

/** The start-up step: OLYMPUS_BOOTSTRAP_ADMIN_* if set. Logs the address, never the password. */
export async function bootstrapFromConfig(
  db: Db,
  config: Pick<Config, 'bootstrapAdmin' | 'publicUrl'>,
  log: BootstrapLog,
): Promise<BootstrapResult | null> {
  const admin = config.bootstrapAdmin;
  if (!admin) return null;
  const done = await bootstrapAdmin(db, admin, config.publicUrl);
  if (done.created && done.renewed)
    log.info(`Renewed the expired temporary password of the super admin ${admin.email}; it is valid for 72 hours.`);
  else if (done.created)
    log.info(
      `Created the super admin ${admin.email}; they must choose a new password at their first sign-in (within 72 hours).`,
    );
  else if (done.reason === 'email_taken')
    log.warn(`No super admin was created: ${admin.email} already belongs to a user.`);
  else
    log.info(
      'A super admin already exists, so OLYMPUS_BOOTSTRAP_ADMIN_EMAIL and OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD were ignored.',
    );
  log.warn(
    'Remove OLYMPUS_BOOTSTRAP_ADMIN_EMAIL and OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD from the environment: they are needed only once.',
  );
  return done;
}
