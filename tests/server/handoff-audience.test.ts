// Attack: redeem a hand-off token without naming the redeeming system, or with a token whose audience
// is missing or another system's. Each is refused and the token stays unredeemed (nothing consumed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createSystem, createUser, tokenFor } from './factories';
import { auditLog, handoffs } from '../../server/db/schema';
import { signingKey } from '../../server/systems/keys';
import { redeemHandoff } from '../../server/systems/handoff';

let t: TestApp;
let everest: { id: string };
let staff: { id: string };
let staffAuth: Record<string, string>;
let acme: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await createCompany(db, { name: 'Acme Lettings' });
  everest = await createSystem(db, 'Everest', 'https://everest.example.test');
  await createSystem(db, 'Portal', 'https://portal.example.test');
  staff = await createUser(db, {
    role: 'system_user',
    companies: [acme],
    systems: [{ name: 'Everest' }, { name: 'Portal' }],
  });
  staffAuth = await tokenFor(db, staff.id);
});
afterAll(() => t?.close());

/** A real Everest hand-off token, through the redirect route. */
async function everestToken(): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/systems/${everest.id}/redirect?tenant=${acme.id}`,
    headers: staffAuth,
  });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().data.url).searchParams.get('token')!;
}

/** A token signed with Olympus's own key for a recorded Everest jti, with the audience given (or none). */
async function minted(aud: string | null): Promise<{ token: string; jti: string }> {
  const db = t.database.db;
  const { kid, privateKey } = await signingKey(db);
  const jti = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  await db.insert(handoffs).values({
    jti,
    userId: staff.id,
    systemId: everest.id,
    companyId: acme.id,
    expiresAt: new Date((now + 60) * 1000),
  });
  let jwt = new SignJWT({ email: 'x@example.test', name: 'X', tenant: null, role: null })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer(t.config.publicUrl)
    .setSubject(staff.id)
    .setJti(jti)
    .setIssuedAt(now)
    .setExpirationTime(now + 60);
  if (aud !== null) jwt = jwt.setAudience(aud);
  return { token: await jwt.sign(privateKey), jti };
}

const redeem = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/systems/handoff/redeem', payload });

async function unredeemed(jti: string) {
  const [row] = await t.database.db
    .select({ redeemedAt: handoffs.redeemedAt })
    .from(handoffs)
    .where(eq(handoffs.jti, jti));
  expect(row.redeemedAt).toBeNull();
  const redeemed = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'systems.handoff_redeemed'));
  expect(redeemed.filter((r) => (r.detail as { jti?: string } | null)?.jti === jti)).toEqual([]);
}

const jtiOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;

describe('hand-off redemption needs the audience', () => {
  it('refuses a redemption that does not name the redeeming system (in parallel too), consuming nothing', async () => {
    const token = await everestToken();
    const answers = await Promise.all([redeem({ token }), redeem({ token, audience: '' }), redeem({ token })]);
    for (const res of answers) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('audience');
    }
    await unredeemed(jtiOf(token));
    // Still good for the system it was meant for.
    expect((await redeem({ token, audience: 'everest' })).statusCode).toBe(200);
  });

  it("refuses a token meant for another system, even when that system's name is given", async () => {
    const token = await everestToken();
    for (const audience of ['portal', 'EVEREST', 'everest2']) {
      const res = await redeem({ token, audience });
      expect(res.statusCode, audience).toBe(401);
      expect(res.json()).toEqual({ message: 'This hand-off is invalid or has expired.' });
    }
    await unredeemed(jtiOf(token));
  });

  it("refuses a signed token without an audience, or with a list of audiences, or with another system's", async () => {
    for (const aud of [null, 'portal']) {
      const { token, jti } = await minted(aud);
      for (const audience of ['everest', 'portal']) {
        const res = await redeem({ token, audience });
        expect(res.statusCode, `${aud} as ${audience}`).toBe(401);
      }
      await unredeemed(jti);
    }
    const db = t.database.db;
    const { kid, privateKey } = await signingKey(db);
    const jti = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    await db
      .insert(handoffs)
      .values({ jti, userId: staff.id, systemId: everest.id, companyId: null, expiresAt: new Date((now + 60) * 1000) });
    const both = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(t.config.publicUrl)
      .setAudience(['everest', 'portal'])
      .setSubject(staff.id)
      .setJti(jti)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(privateKey);
    expect((await redeem({ token: both, audience: 'portal' })).statusCode).toBe(401);
    expect((await redeem({ token: both, audience: 'everest' })).statusCode).toBe(401);
    await unredeemed(jti);
  });

  it('the helper connected code calls refuses a missing audience at run time as well', async () => {
    const token = await everestToken();
    // @ts-expect-error the audience is a required argument
    await expect(redeemHandoff(t.database.db, t.config.publicUrl, token)).rejects.toMatchObject({ statusCode: 401 });
    await expect(redeemHandoff(t.database.db, t.config.publicUrl, token, '')).rejects.toMatchObject({
      statusCode: 401,
    });
    await unredeemed(jtiOf(token));
  });
});
