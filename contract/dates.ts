// Calendar days as `YYYY-MM-DD`, counted in UTC on both sides, so "today" is the same day for the
// server, the database's triggers ((now() at time zone 'UTC')::date) and the SPA.

/** Today in UTC. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** The first of the month `months` after the month of `day` (negative: before). */
export function firstOfMonth(day: string, months = 0): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 for the same day). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** `day` plus `days` (negative: before). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
