// Occupancy and voids of one company from its units' status periods (docs/resources.md "Occupancy"):
// GROUP BY aggregates over the periods covering a day, never the rows loaded. A unit counts on a day
// when one of its periods covers it and it was not in the trash that day (it drops out on the day it
// was deleted; restored, it counts again with its periods). The company is always the periods' own
// and their unit's: a unit of another company never meets these conditions.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsOf } from '../db/rows';
import {
  LET_STATUSES,
  NOT_LETTABLE_STATUSES,
  occupancyPct,
  VOID_STATUSES,
  type OccupancyCounts,
  type OccupancyData,
  type VoidsData,
} from '../../contract/occupancy';
import { addDays, todayUtc } from '../../contract/dates';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const n = (v: unknown) => Number(v ?? 0);

/** The aggregates of the units (`u`) and periods (`sp`) counted, as columns. */
const COUNTS = sql`count(*) as units,
  count(*) filter (where sp.status in (${list(LET_STATUSES)})) as let,
  count(*) filter (where sp.status in (${list(VOID_STATUSES)})) as void,
  count(*) filter (where sp.status in (${list(NOT_LETTABLE_STATUSES)})) as not_lettable`;

/**
 * The company's periods covering `day` (a date expression) of units (`u`) live that day, and their properties (`p`).
 */
const covering = (companyId: string, day: SQL) => sql`
  from unit_status_periods sp
  join units u on u.id = sp.unit_id and u.company_id = sp.company_id
  join properties p on p.id = u.property_id and p.company_id = u.company_id
  where sp.company_id = ${companyId} and sp.started_on <= ${day} and (sp.ended_on is null or sp.ended_on > ${day})
    and (u.deleted_at is null or (u.deleted_at at time zone 'UTC')::date > ${day})`;

interface CountRow {
  units: unknown;
  let: unknown;
  void: unknown;
  not_lettable: unknown;
}
const counts = (r: CountRow | undefined): OccupancyCounts => {
  const c = { units: n(r?.units), let: n(r?.let), void: n(r?.void), not_lettable: n(r?.not_lettable) };
  return { ...c, occupancy_pct: occupancyPct(c) };
};

/** The first day any unit of the company (live or in the trash) had a status; null without units. */
export async function firstDay(db: Db, companyId: string): Promise<string | null> {
  const [row] = rowsOf<{ first: string | null }>(
    await db.execute(
      sql`select min(started_on)::text as first from unit_status_periods where company_id = ${companyId}`,
    ),
  );
  return row?.first ?? null;
}

/** Occupancy on `asAt`, in all and per property (by name). */
export async function occupancyAt(db: Db, companyId: string, asAt: string): Promise<OccupancyData> {
  const day = sql`${asAt}::date`;
  const byProperty = rowsOf<CountRow & { id: string; name: string }>(
    await db.execute(
      sql`select p.id, p.name, ${COUNTS} ${covering(companyId, day)} group by p.id, p.name order by p.name, p.id`,
    ),
  );
  const properties = byProperty.map((r) => ({ id: r.id, name: r.name, ...counts(r) }));
  const sum = (k: keyof CountRow) => properties.reduce((s, p) => s + p[k], 0);
  const totals = counts({ units: sum('units'), let: sum('let'), void: sum('void'), not_lettable: sum('not_lettable') });
  return { as_at: asAt, totals, properties };
}

/** The company's totals on each of `days` (in their order). */
export async function occupancyOn(
  db: Db,
  companyId: string,
  days: readonly string[],
): Promise<(OccupancyCounts & { as_at: string })[]> {
  if (days.length === 0) return [];
  const rows = rowsOf<CountRow & { day: string }>(
    await db.execute(sql`
      select d.day::text as day, ${COUNTS}
      from unnest(string_to_array(${days.join(',')}, ',')::date[]) as d(day)
      join unit_status_periods sp on sp.company_id = ${companyId} and sp.started_on <= d.day
        and (sp.ended_on is null or sp.ended_on > d.day)
      join units u on u.id = sp.unit_id and u.company_id = sp.company_id
        and (u.deleted_at is null or (u.deleted_at at time zone 'UTC')::date > d.day)
      group by d.day`),
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => ({ as_at: day, ...counts(byDay.get(day)) }));
}

/**
 * The void periods (runs of void days of one unit) overlapping `from`…`to`, their days inside the range
 * counted: a day is void when the unit's status that day is void, up to today and not after the unit was
 * trashed. Each unit with void days in the range, most first, with the start of its current run.
 */
export async function voidsBetween(
  db: Db,
  companyId: string,
  from: string,
  to: string,
  order: 'asc' | 'desc' = 'desc',
): Promise<VoidsData> {
  // The last day counted, exclusive: the day after `to`, never after today.
  const today = todayUtc();
  const end = addDays(to < today ? to : today, 1);
  const rows = rowsOf<{
    unit_id: string;
    name: string;
    property: string;
    days: unknown;
    open: boolean;
    started_on: string;
  }>(
    await db.execute(sql`
      with marked as (
        select sp.id, sp.unit_id, sp.started_on, sp.ended_on, sp.status in (${list(VOID_STATUSES)}) as is_void,
          coalesce(lag(sp.status in (${list(VOID_STATUSES)})) over w, false) as was_void
        from unit_status_periods sp
        where sp.company_id = ${companyId}
        window w as (partition by sp.unit_id order by sp.started_on, sp.id)
      ),
      runs as (
        select unit_id, started_on, ended_on, is_void,
          sum(case when is_void and was_void then 0 else 1 end) over (partition by unit_id order by started_on, id) as run
        from marked
      ),
      voids as (
        select unit_id, min(started_on) as started_on, bool_or(ended_on is null) as open,
          case when bool_or(ended_on is null) then null else max(ended_on) end as ended_on
        from runs where is_void group by unit_id, run
      )
      select v.unit_id, u.name, p.name as property, v.open and u.deleted_at is null as open, v.started_on::text as started_on,
        least(coalesce(v.ended_on, ${end}::date), ${end}::date,
              coalesce((u.deleted_at at time zone 'UTC')::date, ${end}::date))
          - greatest(v.started_on, ${from}::date) as days
      from voids v
      join units u on u.id = v.unit_id and u.company_id = ${companyId}
      join properties p on p.id = u.property_id and p.company_id = u.company_id
      where v.started_on < ${end}::date and (v.ended_on is null or v.ended_on > ${from}::date)`),
  ).filter((r) => n(r.days) > 0);

  const units = new Map<string, VoidsData['units'][number]>();
  for (const r of rows) {
    const unit = units.get(r.unit_id) ?? {
      id: r.unit_id,
      name: r.name,
      property: r.property,
      void_days: 0,
      current_void_since: null,
    };
    unit.void_days += n(r.days);
    if (r.open) unit.current_void_since = r.started_on;
    units.set(r.unit_id, unit);
  }
  const days = rows.map((r) => n(r.days));
  const voidDays = days.reduce((s, d) => s + d, 0);
  const sign = order === 'asc' ? 1 : -1;
  return {
    from,
    to,
    periods: days.length,
    average_days: days.length ? Math.round((voidDays / days.length) * 10) / 10 : null,
    longest_days: days.length ? Math.max(...days) : 0,
    void_days: voidDays,
    units: [...units.values()].sort(
      (a, b) =>
        sign * (a.void_days - b.void_days) || a.property.localeCompare(b.property) || a.name.localeCompare(b.name),
    ),
  };
}
