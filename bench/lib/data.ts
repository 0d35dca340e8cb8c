// Bench data: the demo seed plus generated "scale" tenants (companies of 1 000, 10 000, 100 000 units),
// each inserted with one `insert … select generate_series` per table into the bench's own database
// (never ./data), so even 100 000 units take seconds.
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db';

/** One company the bench lists: the demo tenant or a generated one. `key` is its name in anchor URLs (?t=10k). */
export interface Tenant {
  key: string;
  id: string;
  name: string;
  units: number;
}

const SCALE_PREFIX = 'Bench Scale ';

/**
 * Unit types of the generated units (unit n° g gets type (g - 1) mod 9). The search-box timing types
 * SEARCH_TERM one letter at a time and every prefix must change the table's first row, so types 2–5
 * narrow step by step: "f" → 4 types, "fl" → 3, "fla" → 2, "flat" → 1; unit n° 1 (the unsearched first
 * row) matches none, and unit n° k + 1 is the first match of the k-th prefix. The rest are the seed's types.
 */
export const SCALE_UNIT_TYPES = [
  'Studio',
  'Farmhouse',
  'Flexible office',
  'Flagship retail',
  'Flat',
  'House',
  'Maisonette',
  'Penthouse',
  'Townhouse',
];
export const SEARCH_TERM = 'flat';

interface Row {
  [key: string]: unknown;
}

/** Rows of a raw query on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function rows<T extends Row>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** "1k", "10k", "100k" (or the plain number). */
export const tenantKey = (count: number) => (count >= 1000 && count % 1000 === 0 ? `${count / 1000}k` : String(count));

/** Adds a company with `count` units over `count / 100` properties; idempotent by name. */
export async function addScaleCompany(db: Db, count: number): Promise<Tenant> {
  const key = tenantKey(count);
  const name = SCALE_PREFIX + key;
  const existing = await rows<{ id: string }>(db, sql`select id from companies where name = ${name}`);
  if (existing[0]) return { key, id: existing[0].id, name, units: count };
  const [company] = await rows<{ id: string }>(
    db,
    sql`insert into companies (name, city) values (${name}, 'Leeds') returning id`,
  );
  const propertyCount = Math.max(1, Math.ceil(count / 100));
  await db.execute(sql`
    insert into properties (company_id, name, slug, city, county, country, postcode, area)
    select ${company.id}, 'Scale Court ' || lpad(g::text, 4, '0'), 'scale-court-' || g, 'Leeds', 'West Yorkshire',
      'United Kingdom', 'LS' || (1 + g % 28) || ' ' || (1 + g % 9) || 'AB', 'Area ' || (g % 12)
    from generate_series(1, ${propertyCount}) g`);
  const types = sql.raw(`array[${SCALE_UNIT_TYPES.map((t) => `'${t}'`).join(',')}]`);
  await db.execute(sql`
    with ids as (select array_agg(id order by slug) as a from properties where company_id = ${company.id})
    insert into units (company_id, property_id, name, unit_ref, unit_type, unit_status, short_description, description,
      address_line_1, address_line_2, city, county, area, postcode, size_unit, furnished, bedrooms, bathrooms)
    select ${company.id}, ids.a[1 + (g % ${propertyCount})], 'Scale Unit ' || lpad(g::text, 6, '0'), 'SU-' || g,
      (${types})[1 + (g - 1) % ${SCALE_UNIT_TYPES.length}],
      (array['Available','Let','Under Offer','Maintenance'])[1 + g % 4],
      'A generated unit for the scale benchmark', 'Generated unit number ' || g || ' with a longer description of the kind staff type in.',
      g || ' Bench Street', 'Floor ' || (g % 9), 'Leeds', 'West Yorkshire', 'Area ' || (g % 12),
      'LS' || (1 + g % 28) || ' ' || (1 + g % 9) || 'CD', 'sq ft', g % 3 = 0, 1 + g % 5, 1 + g % 3
    from ids, generate_series(1, ${count}) g`);
  // The super admin sees the scale companies in the SPA's company switcher too.
  await db.execute(
    sql`insert into user_companies (user_id, company_id) select id, ${company.id} from users where email = 'superadmin@example.com'`,
  );
  return { key, id: company.id, name, units: count };
}

/** The demo company the seed gives the most units to (the "normal" tenant of the benchmarks). */
export async function demoCompany(db: Db): Promise<Tenant> {
  const [row] = await rows<{ id: string; name: string; units: number }>(
    db,
    sql`select c.id, c.name, count(u.id)::int as units from companies c join units u on u.company_id = c.id
        where c.name not like ${SCALE_PREFIX + '%'} group by c.id, c.name order by count(u.id) desc, c.name limit 1`,
  );
  return { key: 'demo', ...row };
}
