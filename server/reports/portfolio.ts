// The built-in "Portfolio overview": chart data computed from the company's own
// properties and units with GROUP BY aggregates — never by loading the rows themselves.
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import type { BarChartData, ChartData, PieChartData, PortfolioTotals } from '../../contract/reports';

export type { BarChartData, ChartData, PieChartData, PortfolioTotals } from '../../contract/reports';

/** The computed part of PortfolioData (the route adds title, company and time). */
export interface Portfolio {
  totals: PortfolioTotals;
  charts: ChartData[];
}

/** Label of a missing status, type or city: the data has none, the chart still counts it. */
export const NOT_SET = 'Not set';
/** The status that counts as occupied. */
export const LET = 'Let';
/** Statuses in the order they stack (occupied first); others follow alphabetically. */
const STATUS_ORDER = [LET, 'Under Offer', 'Available', 'Maintenance'];

const n = (v: unknown) => Number(v ?? 0);
const statusRank = (s: string) => {
  const i = STATUS_ORDER.findIndex((o) => o.toLowerCase() === s.toLowerCase());
  return i === -1 ? STATUS_ORDER.length : i;
};

interface StatusRow {
  property_id: string;
  property: string;
  status: string | null;
  units: number | string;
}

async function unitsByStatus(
  db: Db,
  companyId: string,
): Promise<BarChartData & { totals: Omit<PortfolioTotals, 'occupancy'> }> {
  // Left join: a property without units still gets its (empty) bar.
  const rows = rowsOf<StatusRow>(
    await db.execute(sql`
      select p.id as property_id, p.name as property, u.unit_status as status, count(u.id) as units
      from properties p
      left join units u on u.property_id = p.id and u.company_id = p.company_id and u.deleted_at is null
      where p.company_id = ${companyId} and p.deleted_at is null
      group by p.id, p.name, u.unit_status
      order by p.name, p.id`),
  );
  const properties = new Map<string, string>(); // id → name, in name order
  const counts = new Map<string, Map<string, number>>(); // status → property id → units
  let units = 0;
  let letUnits = 0;
  for (const r of rows) {
    properties.set(r.property_id, r.property);
    const count = n(r.units);
    if (count === 0) continue;
    const status = r.status?.trim() || NOT_SET;
    units += count;
    if (status.toLowerCase() === LET.toLowerCase()) letUnits += count;
    const byProperty = counts.get(status) ?? new Map<string, number>();
    byProperty.set(r.property_id, (byProperty.get(r.property_id) ?? 0) + count);
    counts.set(status, byProperty);
  }
  const statuses = [...counts.keys()].sort((a, b) => statusRank(a) - statusRank(b) || a.localeCompare(b));
  return {
    id: 'units_by_status',
    type: 'bar',
    title: 'Units by status per property',
    stacked: true,
    categories: [...properties.values()],
    series: statuses.map((status) => ({
      key: status,
      label: status,
      data: [...properties.keys()].map((id) => counts.get(status)?.get(id) ?? 0),
    })),
    totals: { properties: properties.size, units, let_units: letUnits },
  };
}

async function unitsByType(db: Db, companyId: string): Promise<PieChartData> {
  const rows = rowsOf<{ type: string | null; units: number | string }>(
    await db.execute(sql`
      select nullif(trim(unit_type), '') as type, count(*) as units
      from units where company_id = ${companyId} and deleted_at is null
      group by 1 order by 2 desc, 1`),
  );
  return {
    id: 'units_by_type',
    type: 'pie',
    title: 'Units by type',
    slices: rows.map((r) => ({ key: r.type ?? NOT_SET, label: r.type ?? NOT_SET, value: n(r.units) })),
  };
}

async function bedroomMix(db: Db, companyId: string): Promise<BarChartData> {
  const rows = rowsOf<{ bedrooms: number | null; units: number | string }>(
    await db.execute(sql`
      select bedrooms, count(*) as units
      from units where company_id = ${companyId} and deleted_at is null
      group by bedrooms order by bedrooms nulls last`),
  );
  // Category keys are bedroom counts ("0" = studio) so the SPA can word them; NOT_SET for unknown.
  const categories = rows.map((r) => (r.bedrooms === null ? NOT_SET : String(r.bedrooms)));
  return {
    id: 'bedroom_mix',
    type: 'bar',
    title: 'Bedroom mix',
    stacked: false,
    categories,
    series: rows.length ? [{ key: 'units', label: 'Units', data: rows.map((r) => n(r.units)) }] : [],
  };
}

async function propertiesByCity(db: Db, companyId: string): Promise<BarChartData> {
  const rows = rowsOf<{ city: string | null; properties: number | string }>(
    await db.execute(sql`
      select nullif(trim(city), '') as city, count(*) as properties
      from properties where company_id = ${companyId} and deleted_at is null
      group by 1 order by 2 desc, 1`),
  );
  return {
    id: 'properties_by_city',
    type: 'bar',
    title: 'Properties by city',
    stacked: false,
    categories: rows.map((r) => r.city ?? NOT_SET),
    series: rows.length ? [{ key: 'properties', label: 'Properties', data: rows.map((r) => n(r.properties)) }] : [],
  };
}

export async function portfolio(db: Db, companyId: string): Promise<Portfolio> {
  // Sequential on purpose: PGlite has one connection, and four small aggregates are quick.
  const { totals, ...byStatus } = await unitsByStatus(db, companyId);
  const byType = await unitsByType(db, companyId);
  const bedrooms = await bedroomMix(db, companyId);
  const cities = await propertiesByCity(db, companyId);
  const occupancy = totals.units === 0 ? null : Math.round((totals.let_units / totals.units) * 1000) / 10;
  return { totals: { ...totals, occupancy }, charts: [byStatus, byType, bedrooms, cities] };
}
