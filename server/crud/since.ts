// A date that says since when another field holds its value (contract DateField.since, e.g. a unit's
// "status since"): never in the future, and never before the date stored, which is the record's
// previous change. Left as stored while that field changes, the database makes it today
// (docs/resources.md "Occupancy").
import type { ResourceDecl } from '../../contract/resources/declare';
import { todayUtc } from '../../contract/dates';
import type { FieldErrors } from '../http/fieldErrors';

type Body = Record<string, unknown>;

const label = (field: string) => field.replace(/_/g, ' ');

export const SINCE_MSG = {
  future: (field: string) => `The ${label(field)} cannot be in the future.`,
  beforePrevious: (field: string, previous: string) =>
    `The ${label(field)} cannot be before ${previous}, the previous change.`,
} as const;

/** Each `since` date of the body against today and the stored date (`before`: null on create). */
export function checkSince(decl: ResourceDecl, body: Body, before: Body | null, errors: FieldErrors): void {
  for (const [name, f] of Object.entries(decl.fields)) {
    if (f.type !== 'date' || !('since' in f) || !f.since) continue;
    const sent = body[name];
    if (typeof sent !== 'string' || sent === '') continue;
    if (sent > todayUtc()) errors.add(name, SINCE_MSG.future(name));
    const stored = before?.[name];
    if (typeof stored === 'string' && stored !== '' && sent < stored.slice(0, 10))
      errors.add(name, SINCE_MSG.beforePrevious(name, stored.slice(0, 10)));
  }
}
