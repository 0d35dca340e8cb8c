// Report fixtures for the reports-*.test.ts files: reports, and a small portfolio whose aggregates
// are known by heart.
import { companies, properties, reports, units } from '../../server/db/schema';
import type { Db } from '../../server/db';

export async function createReport(db: Db, companyId: string, values: Partial<typeof reports.$inferInsert> = {}) {
  const [row] = await db
    .insert(reports)
    .values({ companyId, name: 'Portfolio overview', provider: 'builtin', position: 0, ...values })
    .returning();
  return row;
}

let n = 0;

export async function createProperty(db: Db, companyId: string, name: string, city: string | null) {
  const [row] = await db
    .insert(properties)
    .values({ companyId, name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${++n}`, city, reference: `REF-${n}` })
    .returning();
  return row;
}

type UnitSpec = [type: string | null, bedrooms: number | null, status: string | null];

export async function createUnits(db: Db, property: { id: string; companyId: string }, specs: UnitSpec[]) {
  if (!specs.length) return;
  await db.insert(units).values(
    specs.map(([unitType, bedrooms, unitStatus], i) => ({
      companyId: property.companyId,
      propertyId: property.id,
      name: `Unit ${i + 1}`,
      unitType,
      bedrooms,
      unitStatus,
    })),
  );
}

/**
 * Alpha House (Leeds): Flat 1 bed Let, Flat 2 bed Let, Studio 0 bed Available.
 * Beta Court (Leeds): House 3 bed Let, Flat 2 bed Maintenance.
 * Gamma Lofts (York): no units.
 * → 3 properties, 5 units, 3 let, 60 % occupancy.
 */
export async function knownPortfolio(db: Db, companyId: string) {
  const alpha = await createProperty(db, companyId, 'Alpha House', 'Leeds');
  const beta = await createProperty(db, companyId, 'Beta Court', 'Leeds');
  await createProperty(db, companyId, 'Gamma Lofts', 'York');
  await createUnits(db, alpha, [
    ['Flat', 1, 'Let'],
    ['Flat', 2, 'Let'],
    ['Studio', 0, 'Available'],
  ]);
  await createUnits(db, beta, [
    ['House', 3, 'Let'],
    ['Flat', 2, 'Maintenance'],
  ]);
}

export type CompanyRow = typeof companies.$inferSelect;
