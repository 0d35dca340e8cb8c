// The unit type and status choices of the unit form (issue 3 contract), the same values the demo seed uses.
import { UNIT_STATUSES as SEED_STATUSES, UNIT_TYPES as SEED_TYPES } from '../db/seed-data';

export const UNIT_TYPES: readonly string[] = SEED_TYPES;
export const UNIT_STATUSES: readonly string[] = ['Available', 'Let', 'Under Offer', 'Maintenance'];

// The seed and the form must offer the same statuses; fail at start rather than show unknown values.
if (SEED_STATUSES.some((s) => !UNIT_STATUSES.includes(s.status))) throw new Error('unit statuses of the seed and the form differ');

export const ROOMS_MAX = 50;
