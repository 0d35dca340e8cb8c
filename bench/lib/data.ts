// Bench data: the demo seed plus a generated "scale" company of N units, inserted with one SQL
// statement per table into the bench's own database (never ./data).
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db';

export const SCALE_COMPANY = 'Bench Scale Co';

interface Row {
  [key: string]: unknown;
}

/** Rows of a raw query on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function rows<T extends Row>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Adds a company with `count` units over `count / 100` properties; returns its id. Idempotent by name. */
export async function addScaleCompany(db: Db, count: number): Promise<string> {
  const existing = await rows<{ id: string }>(db, sql`select id from companies where name = ${SCALE_COMPANY}`);
  if (existing[0]) return existing[0].id;
  const [company] = await rows<{ id: string }>(db, sql`insert into companies (name, city) values (${SCALE_COMPANY}, 'Leeds') returning id`);
  const propertyCount = Math.max(1, Math.ceil(count / 100));
  await db.execute(sql`
    insert into properties (company_id, name, slug, city, county, country, postcode, area)
    select ${company.id}, 'Scale Court ' || lpad(g::text, 4, '0'), 'scale-court-' || g, 'Leeds', 'West Yorkshire',
      'United Kingdom', 'LS' || (1 + g % 28) || ' ' || (1 + g % 9) || 'AB', 'Area ' || (g % 12)
    from generate_series(1, ${propertyCount}) g`);
  await db.execute(sql`
    with ids as (select array_agg(id order by slug) as a from properties where company_id = ${company.id})
    insert into units (company_id, property_id, name, unit_ref, unit_type, unit_status, short_description, description,
      address_line_1, address_line_2, city, county, area, postcode, size_unit, furnished, bedrooms, bathrooms)
    select ${company.id}, ids.a[1 + (g % ${propertyCount})], 'Scale Unit ' || lpad(g::text, 6, '0'), 'SU-' || g,
      (array['Flat','House','Studio','Office','Retail'])[1 + g % 5],
      (array['Available','Let','Under offer','Maintenance'])[1 + g % 4],
      'A generated unit for the scale benchmark', 'Generated unit number ' || g || ' with a longer description of the kind staff type in.',
      g || ' Bench Street', 'Floor ' || (g % 9), 'Leeds', 'West Yorkshire', 'Area ' || (g % 12),
      'LS' || (1 + g % 28) || ' ' || (1 + g % 9) || 'CD', 'sq ft', g % 3 = 0, 1 + g % 5, 1 + g % 3
    from ids, generate_series(1, ${count}) g`);
  // The super admin sees the scale company in the SPA's company switcher too.
  await db.execute(sql`insert into user_companies (user_id, company_id) select id, ${company.id} from users where email = 'superadmin@example.com'`);
  await db.execute(sql`analyze units`);
  await db.execute(sql`analyze properties`);
  return company.id;
}

/** The demo company the seed gives the most units to (the "normal" tenant of the benchmarks). */
export async function demoCompany(db: Db): Promise<{ id: string; name: string; units: number }> {
  const [row] = await rows<{ id: string; name: string; units: number }>(
    db,
    sql`select c.id, c.name, count(u.id)::int as units from companies c join units u on u.company_id = c.id
        where c.name <> ${SCALE_COMPANY} group by c.id, c.name order by count(u.id) desc, c.name limit 1`,
  );
  return row;
}
