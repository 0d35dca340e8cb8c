// Set-password links (docs/security.md "Invitations"): 256 random bits, only the SHA-256 stored, 72 h,
// single use; issuing one voids the user's older ones, and so does any change to what a link opens
// (the database's triggers, migration 0009_invitation_voiding: email, SSO bypass, disabled,
// companies, system access). Claiming marks the link used in the same
// statement that checks it is live, so two parallel accepts cannot both win.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Conn } from '../db/conn';
import { invitations } from '../db/schema';
import { randomSecret, sha256 } from '../auth/tokens';

/** An invitation link stops working after 72 hours. */
export const INVITATION_TTL_HOURS = 72;

export type InvitationKind = 'invite' | 'reset';

/** The SPA page a link opens; the token rides in the fragment, so it never reaches logs or Referer. */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/invitation#${token}`;

/** A fresh link for the user (older live ones stop working). Runs in the caller's transaction. */
export async function issueInvitation(
  tx: Conn,
  userId: string,
  createdBy: string | null,
  kind: InvitationKind,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomSecret(32);
  await voidInvitations(tx, userId);
  const [row] = await tx
    .insert(invitations)
    .values({
      userId,
      kind,
      tokenHash: sha256(token),
      createdBy,
      expiresAt: sql`now() + make_interval(hours => ${INVITATION_TTL_HOURS})`,
    })
    .returning({ expiresAt: invitations.expiresAt });
  return { token, expiresAt: row.expiresAt };
}

/** Every live link of the user stops working (a newer one, or a password set some other way). */
export async function voidInvitations(tx: Conn, userId: string): Promise<void> {
  await tx
    .update(invitations)
    .set({ voidedAt: sql`now()`, voidReason: 'replaced' })
    .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), isNull(invitations.voidedAt)));
}

export type InvitationState = 'live' | 'used' | 'voided' | 'changed' | 'expired';

export interface FoundInvitation {
  id: string;
  userId: string;
  /** Who issued it: the link works only while they could still issue it (server/auth/invitation.ts). */
  createdBy: string | null;
  kind: InvitationKind;
  state: InvitationState;
}

const stateOf = (row: {
  usedAt: Date | null;
  voidedAt: Date | null;
  voidReason: string | null;
  expired: boolean;
}): InvitationState =>
  row.usedAt
    ? 'used'
    : row.voidedAt
      ? row.voidReason === 'account_changed'
        ? 'changed'
        : 'voided'
      : row.expired
        ? 'expired'
        : 'live';

/** The link a token names, live or not; null for a token that never was one. */
export async function findInvitation(db: Conn, token: string): Promise<FoundInvitation | null> {
  const [row] = await db
    .select({
      id: invitations.id,
      userId: invitations.userId,
      kind: invitations.kind,
      createdBy: invitations.createdBy,
      usedAt: invitations.usedAt,
      voidedAt: invitations.voidedAt,
      voidReason: invitations.voidReason,
      expired: sql<boolean>`${invitations.expiresAt} <= now()`,
    })
    .from(invitations)
    .where(eq(invitations.tokenHash, sha256(token)));
  return row
    ? {
        id: row.id,
        userId: row.userId,
        createdBy: row.createdBy,
        kind: row.kind as InvitationKind,
        state: stateOf(row),
      }
    : null;
}

/** Marks the link used if it is still live, in one statement; false when another request got there first. */
export async function claimInvitation(tx: Conn, id: string): Promise<boolean> {
  const rows = await tx
    .update(invitations)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(invitations.id, id),
        isNull(invitations.usedAt),
        isNull(invitations.voidedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length === 1;
}

export interface InvitationStatus {
  sent_at: string;
  expires_at: string;
  expired: boolean;
  kind: InvitationKind;
}

/** The user's newest link that is not used or voided (expired ones too: the panel says so), or null. */
export async function latestInvitation(db: Conn, userId: string): Promise<InvitationStatus | null> {
  const [row] = await db
    .select({
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      kind: invitations.kind,
      expired: sql<boolean>`${invitations.expiresAt} <= now()`,
    })
    .from(invitations)
    .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), isNull(invitations.voidedAt)))
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return row
    ? {
        sent_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        expired: row.expired,
        kind: row.kind as InvitationKind,
      }
    : null;
}
