// Demo seed: on a database without users, one transaction inserts the permission catalogue,
// systems with roles, three companies with properties and units, a built-in report per company and
// four demo users. Deterministic (seeded PRNG) so every fresh machine shows the same portfolio.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './index';
import {
  companies,
  properties,
  reports,
  roles,
  systems,
  units,
  unitStatusPeriods,
  userCompanies,
  users,
  userSystems,
} from './schema';
import { historyGenerator } from './seedOccupancy';
import { seedCertificates } from './seedCompliance';
import { REQUIRED_BY_DEFAULT } from '../../contract/compliance';
import { hashPassword } from '../auth/passwords';
import { DEFAULT_GRANTS } from '../../contract/permissions';
import { OLYMPUS_ROLES as BUILT_IN_ROLES, syncCatalogueIn } from '../permissions/catalogue';
import { passwordProblems } from '../../contract/password';
import { ADMIN, OLYMPUS_SYSTEM, SUPER_ADMIN, SYSTEM_USER } from '../../contract/roles';
import {
  FEATURES,
  NUMBER_WORDS,
  SEED_COMPANIES,
  UNIT_STATUSES,
  UNIT_TYPE_RULES,
  UNIT_TYPES,
  UNITS_PER_PROPERTY,
  type SeedCompany,
  type UnitType,
} from './seed-data';

export interface SeedResult {
  password: string;
  passwordGenerated: boolean;
  users: { email: string; note: string }[];
}

export interface SeedOptions {
  /** The demo users' password; null = generate a random one (returned once). */
  password: string | null;
  /** Olympus's own address: the demo Everest and Portal live under it (server/systems/demo.ts). */
  publicUrl?: string;
  /** Runs in the seed's transaction once its records are in (server/db/seedHistory.ts audits them). */
  afterInsert?: (tx: Db) => Promise<void>;
}

/** Olympus roles with the grants they start with (contract/access.ts `defaults`; written by
 * server/permissions/catalogue.ts). */
export const OLYMPUS_ROLES = BUILT_IN_ROLES.map((r) => ({ ...r, grants: DEFAULT_GRANTS[r.name] }));

interface SeedSystem {
  name: string;
  description: string;
  path: string | null;
  roles: { name: string; label: string }[];
}

/** Olympus itself: the one system every installation has (its roles are Olympus roles). */
export const OLYMPUS_ONLY: readonly SeedSystem[] = [
  { name: OLYMPUS_SYSTEM, description: 'Olympus operations portal', path: null, roles: [] },
];

const SYSTEMS: SeedSystem[] = [
  ...OLYMPUS_ONLY,
  {
    name: 'Everest',
    description: 'Lettings and property management',
    path: '/demo/everest',
    roles: [
      { name: 'manager', label: 'Manager' },
      { name: 'viewer', label: 'Viewer' },
    ],
  },
  {
    name: 'Portal',
    description: 'Tenant and landlord portal',
    path: '/demo/portal',
    roles: [
      { name: 'editor', label: 'Editor' },
      { name: 'viewer', label: 'Viewer' },
    ],
  },
];

interface SeedUser {
  email: string;
  name: string;
  olympusRole: string;
  /** Indexes into SEED_COMPANIES. */
  companies: number[];
  /** Other systems and the user's role there. */
  systems: Record<string, string>;
  mustChangePassword?: boolean;
}

const SEED_USERS: SeedUser[] = [
  {
    email: 'superadmin@example.com',
    name: 'Sam Super',
    olympusRole: SUPER_ADMIN,
    companies: [0, 1, 2],
    systems: { Everest: 'manager', Portal: 'editor' },
  },
  {
    email: 'admin@example.com',
    name: 'Alex Admin',
    olympusRole: ADMIN,
    companies: [0, 1],
    systems: { Everest: 'viewer', Portal: 'viewer' },
  },
  {
    email: 'staff@example.com',
    name: 'Stacey Staff',
    olympusRole: SYSTEM_USER,
    companies: [0],
    systems: { Everest: 'viewer' },
  },
  {
    email: 'newstarter@example.com',
    name: 'Nina New',
    olympusRole: SYSTEM_USER,
    companies: [1],
    systems: { Portal: 'viewer' },
    mustChangePassword: true,
  },
];

/** A temporary password stops working after 72 hours. */
const TEMP_PASSWORD_MS = 72 * 3600 * 1000;
/** Serialises concurrent first starts of several instances on one PostgreSQL database. */
export const SEED_LOCK = 7_201_001;

/** A readable random password that meets the policy: four groups like "Kx7p", 64+ bits. */
export function generatePassword(): string {
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const digit = '23456789';
  const pick = (set: string) => set[randomInt(set.length)];
  for (;;) {
    const groups = Array.from({ length: 4 }, () => pick(upper) + pick(lower) + pick(digit) + pick(lower) + pick(lower));
    const password = groups.join('-');
    if (passwordProblems(password).length === 0) return password;
  }
}

/** mulberry32: a tiny deterministic PRNG, so the demo portfolio is the same on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const weighted = <T>(items: readonly T[], weight: (t: T) => number): T => {
    let r = next() * items.reduce((s, i) => s + weight(i), 0);
    for (const item of items) if ((r -= weight(item)) < 0) return item;
    return items[items.length - 1];
  };
  return { next, int, weighted };
}

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const pad2 = (n: number) => String(n).padStart(2, '0');

type UnitRow = typeof units.$inferInsert;
type PropertyRow = typeof properties.$inferSelect;

/** The demo units of one property (deterministic given the generator's state). */
function unitsFor(property: PropertyRow, count: number, rand: ReturnType<typeof prng>): UnitRow[] {
  const rows: UnitRow[] = [];
  for (let n = 1; n <= count; n++) {
    const type: UnitType = rand.weighted(UNIT_TYPES, (t) => UNIT_TYPE_RULES[t].weight);
    const rule = UNIT_TYPE_RULES[type];
    const bedrooms = rand.int(rule.bedrooms[0], rule.bedrooms[1]);
    const bathrooms =
      type === 'Studio' ? 1 : Math.min(3, Math.max(1, Math.ceil(bedrooms / 2) + (rand.next() < 0.3 ? 1 : 0)));
    const sqft = Math.round(rand.int(rule.sqft[0], rule.sqft[1]) / 5) * 5;
    const status = rand.weighted(UNIT_STATUSES, (s) => s.weight).status;
    const furnished = rand.next() < (type === 'Studio' ? 0.7 : 0.4);
    const f1 = FEATURES[rand.int(0, FEATURES.length - 1)];
    let f2 = FEATURES[rand.int(0, FEATURES.length - 1)];
    if (f2 === f1) f2 = FEATURES[(FEATURES.indexOf(f1) + 1) % FEATURES.length];
    const kind = type === 'Studio' ? 'studio' : `${NUMBER_WORDS[bedrooms].toLowerCase()}-bedroom ${type.toLowerCase()}`;
    const name = `${type} ${n}`;
    rows.push({
      companyId: property.companyId,
      propertyId: property.id,
      name,
      unitRef: `${property.reference}-${pad2(n)}`,
      unitType: type,
      unitStatus: status,
      shortDescription: `${kind[0].toUpperCase()}${kind.slice(1)}, ${sqft} sq ft`,
      description:
        `A ${furnished ? 'furnished' : 'unfurnished'} ${kind} of ${sqft} sq ft at ${property.name} in ${property.area}, ` +
        `with ${f1} and ${f2}. ${bathrooms} bathroom${bathrooms > 1 ? 's' : ''}.`,
      addressLine1: name,
      addressLine2: property.addressLine1,
      city: property.city,
      county: property.county,
      area: property.area,
      postcode: property.postcode,
      sizeUnit: 'sq ft',
      furnished,
      bedrooms,
      bathrooms,
    });
  }
  return rows;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The permission catalogue with Olympus and its roles (server/permissions/catalogue.ts), and the other
 * given systems with their roles; rows already there are kept. Answers the ids by system name and
 * by "System/role".
 */
export async function insertCatalogue(tx: Tx, list: readonly SeedSystem[], publicUrl: string) {
  const olympus = await syncCatalogueIn(tx);
  const systemIds: Record<string, string> = { [OLYMPUS_SYSTEM]: olympus.systemId };
  const roleIds: Record<string, string> = {}; // "System/role" → id
  for (const [name, id] of Object.entries(olympus.roleIds)) roleIds[`${OLYMPUS_SYSTEM}/${name}`] = id;
  for (const s of list) {
    if (s.name === OLYMPUS_SYSTEM) continue;
    await tx
      .insert(systems)
      .values({ name: s.name, description: s.description, baseUrl: s.path ? publicUrl + s.path : null })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: systems.id })
      .from(systems)
      .where(sql`${systems.name} = ${s.name}`);
    systemIds[s.name] = row.id;
    for (const r of s.roles) {
      await tx.insert(roles).values({ systemId: row.id, name: r.name, label: r.label }).onConflictDoNothing();
      const [role] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(sql`${roles.systemId} = ${row.id} and ${roles.name} = ${r.name}`);
      roleIds[`${s.name}/${r.name}`] = role.id;
    }
  }
  return { systemIds, roleIds };
}

const companyNote = (list: SeedCompany[]) =>
  list.length === SEED_COMPANIES.length ? `all ${list.length} companies` : list.map((c) => c.name).join(', ');

/** Seeds the demo data when the users table is empty; otherwise does nothing and answers null. */
export async function seedIfEmpty(db: Db, opts: SeedOptions): Promise<SeedResult | null> {
  const hasUsers = async (d: Db) => (await d.select({ n: sql<number>`count(*)::int` }).from(users))[0].n > 0;
  if (await hasUsers(db)) return null;

  // Hash before the transaction: PGlite serialises everything, and argon2 takes a while.
  const passwordGenerated = opts.password === null;
  const password = opts.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const publicUrl = (opts.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    // Another instance may have seeded while we hashed.
    if (await hasUsers(tx as unknown as Db)) return null;

    const { systemIds, roleIds } = await insertCatalogue(tx, SYSTEMS, publicUrl);

    const rand = prng(20_250_101);
    const history = historyGenerator();
    const companyIds: string[] = [];
    const seededProperties: { id: string; companyId: string; reference: string | null }[] = [];
    let propertyIndex = 0;
    for (const c of SEED_COMPANIES) {
      const [company] = await tx
        .insert(companies)
        .values({
          name: c.name,
          addressLine1: c.addressLine1,
          addressLine2: c.addressLine2 ?? null,
          city: c.city,
          county: c.county,
          postcode: c.postcode,
        })
        .returning({ id: companies.id });
      companyIds.push(company.id);
      const propertyRows = await tx
        .insert(properties)
        .values(
          c.properties.map((p, i) => ({
            companyId: company.id,
            name: p.name,
            reference: `${c.code}-${pad2(i + 1)}`,
            slug: slugify(p.name),
            addressLine1: p.addressLine1,
            addressLine2: p.addressLine2 ?? null,
            city: c.city,
            county: c.county,
            country: 'United Kingdom',
            postcode: p.postcode,
            area: p.area,
            latitude: p.latitude,
            longitude: p.longitude,
          })),
        )
        .returning();
      // Order by reference: RETURNING order is not something to rely on.
      propertyRows.sort((a, b) => String(a.reference).localeCompare(String(b.reference)));
      seededProperties.push(...propertyRows);
      const unitRows = propertyRows.flatMap((p) => unitsFor(p, UNITS_PER_PROPERTY[propertyIndex++] ?? 6, rand));
      // 18 months of status history (./seedOccupancy.ts): the unit's insert opens its current period
      // (the database's trigger), the earlier ones follow.
      const histories = new Map(unitRows.map((u) => [u.unitRef, history(String(u.unitStatus))]));
      for (const u of unitRows) u.statusSince = histories.get(u.unitRef)?.at(-1)?.startedOn;
      const made = await tx.insert(units).values(unitRows).returning({ id: units.id, unitRef: units.unitRef });
      const earlier = made.flatMap((m) =>
        (histories.get(m.unitRef) ?? []).slice(0, -1).map((p) => ({
          companyId: company.id,
          unitId: m.id,
          status: p.status,
          startedOn: p.startedOn,
          endedOn: p.endedOn,
        })),
      );
      for (let i = 0; i < earlier.length; i += 1000)
        await tx.insert(unitStatusPeriods).values(earlier.slice(i, i + 1000));
      await tx
        .insert(reports)
        .values({ companyId: company.id, name: 'Portfolio overview', provider: 'builtin', position: 0 });
    }

    const now = Date.now();
    const result: SeedResult = { password, passwordGenerated, users: [] };
    for (const u of SEED_USERS) {
      const [user] = await tx
        .insert(users)
        .values({
          name: u.name,
          username: u.email,
          email: u.email,
          passwordHash,
          mustChangePassword: u.mustChangePassword ?? false,
          tempPasswordExpiresAt: u.mustChangePassword ? new Date(now + TEMP_PASSWORD_MS) : null,
        })
        .returning({ id: users.id });
      await tx.insert(userCompanies).values(u.companies.map((i) => ({ userId: user.id, companyId: companyIds[i] })));
      const access = [[OLYMPUS_SYSTEM, u.olympusRole], ...Object.entries(u.systems)];
      await tx.insert(userSystems).values(
        access.map(([system, role]) => ({
          userId: user.id,
          systemId: systemIds[system],
          roleId: roleIds[`${system}/${role}`],
        })),
      );

      const roleLabel = OLYMPUS_ROLES.find((r) => r.name === u.olympusRole)?.label ?? u.olympusRole;
      const note = [
        roleLabel,
        companyNote(u.companies.map((i) => SEED_COMPANIES[i])),
        Object.keys(u.systems).join(' + '),
      ];
      if (u.mustChangePassword) note.push('sets a new password at first sign-in');
      result.users.push({ email: u.email, note: note.join(' · ') });
    }
    // The demo certificates (./seedCompliance.ts), their evidence uploaded by the first demo user.
    const [uploader] = await tx.select({ id: users.id }).from(users).orderBy(users.createdAt, users.id).limit(1);
    await seedCertificates(
      tx,
      seededProperties.map((p) => ({ ...p, required: REQUIRED_BY_DEFAULT })),
      uploader.id,
    );
    await opts.afterInsert?.(tx as unknown as Db);
    return result;
  });
}
