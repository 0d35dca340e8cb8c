// Attack: a signed-in user whose role lacks systems.redirect asks for hand-offs (in parallel) into a
// system they are assigned. Refused with 403; no token minted, nothing audited as a hand-off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createSystem, createUser, tokenFor } from './factories';
import { auditLog, handoffs, systems, userSystems } from '../../server/db/schema';
import { OLYMPUS_ROLES } from '../../server/db/seed';

let t: TestApp;
let everest: { id: string };
let acme: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  acme = await createCompany(t.database.db, { name: 'Acme Lettings' });
  everest = await createSystem(t.database.db, 'Everest', 'https://everest.example.test');
});
afterAll(() => t?.close());

const redirect = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1/systems/${everest.id}/redirect?tenant=${acme.id}`, headers });

async function counts() {
  const db = t.database.db;
  return {
    handoffs: (await db.select().from(handoffs)).length,
    audits: (await db.select().from(auditLog).where(eq(auditLog.action, 'systems.handoff'))).length,
  };
}

describe('GET /api/v1/systems/:id/redirect needs systems.redirect', () => {
  it('refuses a user whose Olympus role lacks it, and one with no Olympus role, minting nothing', async () => {
    const db = t.database.db;
    // A custom Olympus role with other permissions but not systems.redirect.
    const clerk = await createRole(db, 'Olympus', 'clerk', ['properties.*', 'reports.access']);
    const user = await createUser(db, { role: null, companies: [acme], systems: [{ name: 'Everest' }] });
    const [olympus] = await db.select().from(systems).where(eq(systems.name, 'Olympus'));
    await db.insert(userSystems).values({ userId: user.id, systemId: olympus.id, roleId: clerk.id });
    const roleless = await createUser(db, { role: null, companies: [acme], systems: [{ name: 'Everest' }] });
    const before = await counts();
    for (const who of [user, roleless]) {
      const auth = await tokenFor(db, who.id);
      const answers = await Promise.all(Array.from({ length: 5 }, () => redirect(auth)));
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toHaveProperty('message');
        expect(res.body).not.toContain('token');
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('still needs the system itself: the permission alone opens no unassigned system', async () => {
    const db = t.database.db;
    const user = await createUser(db, { role: 'system_user', companies: [acme] });
    const before = await counts();
    const res = await redirect(await tokenFor(db, user.id));
    expect(res.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('lets the demo roles through: system_user, admin and super_admin hold it', async () => {
    const db = t.database.db;
    for (const role of ['system_user', 'admin', 'super_admin'] as const) {
      const user = await createUser(db, { role, companies: [acme], systems: [{ name: 'Everest' }] });
      const res = await redirect(await tokenFor(db, user.id));
      expect(res.statusCode, role).toBe(200);
    }
    // The seed's roles are what the product ships: each of them holds the grant.
    for (const role of OLYMPUS_ROLES)
      expect(
        role.grants.some((g) => g === 'systems.redirect' || g === 'systems.*'),
        role.name,
      ).toBe(true);
  });
});
