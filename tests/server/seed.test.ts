// The demo seed: what a fresh machine gets, only once, in one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase } from './harness';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../server/db';
import {
  companies,
  properties,
  reports,
  roles,
  systems,
  units,
  userCompanies,
  users,
  userSystems,
} from '../../server/db/schema';
import { generatePassword, seedIfEmpty, type SeedResult } from '../../server/db/seed';
import { verifyPassword } from '../../server/auth/passwords';
import { passwordProblems } from '../../contract/password';
import { CERTIFICATE_STATUSES, REQUIRED_BY_DEFAULT } from '../../contract/compliance';
import { certificateStatus } from '../../server/certificates/binding';

let database: Database;
let drop: () => Promise<void>;
let result: SeedResult | null;

const count = async (table: PgTable) => (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  result = await seedIfEmpty(database.db, { password: 'Demo-Password-1', publicUrl: 'http://olympus.test/' });
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('seedIfEmpty', () => {
  it('seeds the demo portfolio', async () => {
    expect(await count(companies)).toBe(3);
    expect(await count(properties)).toBe(12);
    expect(await count(units)).toBe(80);
    expect(await count(users)).toBe(4);
    expect(await count(reports)).toBe(3);
    const roleNames = (
      await database.db
        .select({ name: roles.name, system: systems.name })
        .from(roles)
        .innerJoin(systems, eq(systems.id, roles.systemId))
    ).map((r) => `${r.system}/${r.name}`);
    expect(roleNames.sort()).toEqual([
      'Everest/manager',
      'Everest/viewer',
      'Olympus/admin',
      'Olympus/super_admin',
      'Olympus/system_user',
      'Portal/editor',
      'Portal/viewer',
    ]);
  });

  it('seeds certificates of every status in every company, and leaves some required ones missing', async () => {
    const rows = (await database.db.execute(
      sql`select p.company_id as company, p.id as property, certificates.type, ${certificateStatus} as status, certificates.evidence is not null as proven
        from properties p left join certificates on certificates.property_id = p.id`,
    )) as unknown as {
      rows: { company: string; property: string; type: string | null; status: string | null; proven: boolean }[];
    };
    for (const company of new Set(rows.rows.map((r) => r.company))) {
      const statuses = new Set(rows.rows.filter((r) => r.company === company).map((r) => r.status));
      for (const status of CERTIFICATE_STATUSES) expect(statuses, status).toContain(status);
    }
    // A missing pair: a required type of a property with no certificate of it.
    const held = new Set(rows.rows.map((r) => `${r.property}/${r.type}`));
    const pairs = [...new Set(rows.rows.map((r) => r.property))].flatMap((p) =>
      REQUIRED_BY_DEFAULT.map((type) => `${p}/${type}`),
    );
    expect(pairs.filter((p) => !held.has(p)).length).toBeGreaterThanOrEqual(await count(companies));
    // Evidence is attached to its certificate, as an upload the record took.
    const [{ n }] = (
      (await database.db.execute(
        sql`select count(*)::int as n from certificates c join uploads u on u.id = c.evidence
          where u.resource = 'certificates' and u.record_id = c.id and u.field = 'evidence'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(rows.rows.filter((r) => r.proven).length);
  });

  it('points Everest and Portal at the demo stand-ins under the public URL', async () => {
    const rows = await database.db.select({ name: systems.name, baseUrl: systems.baseUrl }).from(systems);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.baseUrl]))).toEqual({
      Olympus: null,
      Everest: 'http://olympus.test/demo/everest',
      Portal: 'http://olympus.test/demo/portal',
    });
  });

  it('gives units varied, realistic attributes', async () => {
    const rows = await database.db.select().from(units);
    expect(new Set(rows.map((u) => u.unitType)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((u) => u.unitStatus))).toEqual(new Set(['Available', 'Let', 'Under Offer', 'Maintenance']));
    for (const u of rows) {
      expect(u.bedrooms).toBeGreaterThanOrEqual(0);
      expect(u.bedrooms).toBeLessThanOrEqual(5);
      expect(u.bathrooms).toBeGreaterThanOrEqual(1);
      expect(u.bathrooms).toBeLessThanOrEqual(3);
      expect(u.sizeUnit).toBe('sq ft');
      expect(u.unitRef).toMatch(/^[A-Z]{3}-\d\d-\d\d$/);
      expect(u.description).toBeTruthy();
    }
    const props = await database.db.select().from(properties);
    for (const p of props) {
      expect(p).toMatchObject({ country: 'United Kingdom' });
      expect(p.slug).toMatch(/^[a-z0-9-]+$/);
      expect(p.latitude).toBeGreaterThan(49);
      expect(p.longitude).toBeLessThan(2);
    }
  });

  it('is deterministic: the same portfolio on every machine', async () => {
    const other = await openTestDatabase();
    try {
      await seedIfEmpty(other.database.db, { password: 'Demo-Password-1' });
      const key = (
        rows: { unitRef: string | null; unitType: string | null; bedrooms: number | null; unitStatus: string | null }[],
      ) => rows.map((r) => `${r.unitRef}:${r.unitType}:${r.bedrooms}:${r.unitStatus}`).sort();
      const cols = {
        unitRef: units.unitRef,
        unitType: units.unitType,
        bedrooms: units.bedrooms,
        unitStatus: units.unitStatus,
      };
      expect(key(await other.database.db.select(cols).from(units))).toEqual(
        key(await database.db.select(cols).from(units)),
      );
    } finally {
      await other.database.close();
      await other.drop();
    }
  });

  it('creates the four demo users with their companies, systems and roles', async () => {
    expect(result).not.toBeNull();
    expect(result!.passwordGenerated).toBe(false);
    expect(result!.password).toBe('Demo-Password-1');
    expect(result!.users.map((u) => u.email)).toEqual([
      'superadmin@example.com',
      'admin@example.com',
      'staff@example.com',
      'newstarter@example.com',
    ]);
    expect(result!.users[0].note).toContain('Super Admin');

    const access = async (email: string) => {
      const [u] = await database.db.select().from(users).where(eq(users.email, email));
      const sys = await database.db
        .select({ system: systems.name, role: roles.name })
        .from(userSystems)
        .innerJoin(systems, eq(systems.id, userSystems.systemId))
        .leftJoin(roles, eq(roles.id, userSystems.roleId))
        .where(eq(userSystems.userId, u.id));
      const comps = await database.db
        .select({ id: userCompanies.companyId })
        .from(userCompanies)
        .where(eq(userCompanies.userId, u.id));
      return { user: u, systems: Object.fromEntries(sys.map((s) => [s.system, s.role])), companies: comps.length };
    };
    const sam = await access('superadmin@example.com');
    expect(sam.systems).toEqual({ Olympus: 'super_admin', Everest: 'manager', Portal: 'editor' });
    expect(sam.companies).toBe(3);
    expect(sam.user.username).toBe('superadmin@example.com');
    expect(await verifyPassword(sam.user.passwordHash, 'Demo-Password-1')).toBe(true);

    const alex = await access('admin@example.com');
    expect(alex.systems).toEqual({ Olympus: 'admin', Everest: 'viewer', Portal: 'viewer' });
    expect(alex.companies).toBe(2);

    const stacey = await access('staff@example.com');
    expect(stacey.systems).toEqual({ Olympus: 'system_user', Everest: 'viewer' });
    expect(stacey.companies).toBe(1);

    const nina = await access('newstarter@example.com');
    expect(nina.user.mustChangePassword).toBe(true);
    const hours = (nina.user.tempPasswordExpiresAt!.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);
    expect(sam.user.mustChangePassword).toBe(false);
  });

  it('never seeds twice', async () => {
    expect(await seedIfEmpty(database.db, { password: null })).toBeNull();
    expect(await count(users)).toBe(4);
    expect(await count(companies)).toBe(3);
    expect(await count(units)).toBe(80);
  });

  it('generates a policy-compliant password when none is given', async () => {
    for (let i = 0; i < 50; i++) expect(passwordProblems(generatePassword())).toEqual([]);
    const other = await openTestDatabase();
    try {
      const r = await seedIfEmpty(other.database.db, { password: null });
      expect(r!.passwordGenerated).toBe(true);
      expect(passwordProblems(r!.password)).toEqual([]);
      const [u] = await other.database.db.select().from(users).limit(1);
      expect(await verifyPassword(u.passwordHash, r!.password)).toBe(true);
    } finally {
      await other.database.close();
      await other.drop();
    }
  });

  it("refuses a unit that points at another company's property", async () => {
    const [northgate] = await database.db.select().from(companies).where(eq(companies.name, 'Northgate Lettings'));
    const [thamesProperty] = await database.db
      .select({ id: properties.id })
      .from(properties)
      .innerJoin(companies, eq(companies.id, properties.companyId))
      .where(eq(companies.name, 'Thames Residential'))
      .limit(1);
    const err = await database.db
      .insert(units)
      .values({ companyId: northgate.id, propertyId: thamesProperty.id, name: 'Smuggled' })
      .then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string; constraint?: string } },
      );
    // 23503 = foreign_key_violation, from the composite (property, company) key.
    expect(err?.cause?.code).toBe('23503');
    expect(await count(units)).toBe(80);
  });
});
