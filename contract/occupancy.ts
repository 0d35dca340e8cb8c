// Occupancy and voids as at any day, from the units' status periods (docs/resources.md "Occupancy"):
// what each unit status counts as, and the shapes of GET /reports/occupancy, /reports/occupancy/series
// and /reports/voids. The server computes them (server/occupancy), the SPA draws them (src/pages/reports).
import { UNIT_STATUSES } from './resources/units';

type UnitStatus = (typeof UNIT_STATUSES)[number];

/** What each status counts as on a day: let, void (empty and lettable) or not lettable. */
export const STATUS_COUNTS_AS = {
  Let: 'let',
  Available: 'void',
  'Under Offer': 'void',
  Maintenance: 'not_lettable',
} as const satisfies Record<UnitStatus, 'let' | 'void' | 'not_lettable'>;

const statusesCountedAs = (kind: 'let' | 'void' | 'not_lettable') =>
  UNIT_STATUSES.filter((s) => STATUS_COUNTS_AS[s] === kind);
export const LET_STATUSES: readonly string[] = statusesCountedAs('let');
export const VOID_STATUSES: readonly string[] = statusesCountedAs('void');
export const NOT_LETTABLE_STATUSES: readonly string[] = statusesCountedAs('not_lettable');

/** The most points one series answers (monthly: five years). */
export const SERIES_POINTS_MAX = 60;

export interface OccupancyCounts {
  units: number;
  let: number;
  void: number;
  not_lettable: number;
  /** let ÷ (units − not lettable), in percent to one decimal; null when that is no unit. */
  occupancy_pct: number | null;
}

export interface OccupancyData {
  as_at: string;
  totals: OccupancyCounts;
  properties: (OccupancyCounts & { id: string; name: string })[];
}

export interface OccupancySeries {
  from: string;
  to: string;
  step: 'month';
  points: (OccupancyCounts & { as_at: string })[];
}

export interface VoidUnit {
  id: string;
  name: string;
  property: string;
  /** Void days of the unit inside the range. */
  void_days: number;
  /** The first day of the unit's current run of void days; null when it is not void today. */
  current_void_since: string | null;
}

export interface VoidsData {
  from: string;
  to: string;
  /** Void periods overlapping the range. */
  periods: number;
  /** Their days inside the range: on average, the longest, in all. */
  average_days: number | null;
  longest_days: number;
  void_days: number;
  units: VoidUnit[];
}

/** Occupancy % as defined above. */
export function occupancyPct(c: Pick<OccupancyCounts, 'units' | 'let' | 'not_lettable'>): number | null {
  const lettable = c.units - c.not_lettable;
  return lettable <= 0 ? null : Math.round((c.let / lettable) * 1000) / 10;
}
