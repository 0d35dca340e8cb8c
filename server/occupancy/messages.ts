// Every message the occupancy and voids API answers, so tests and docs quote the same words.
import { SERIES_POINTS_MAX } from '../../contract/occupancy';

const label = (field: string) => field.replace(/_/g, ' ');

export const OCCUPANCY_MSG = {
  notADate: (field: string) => `The ${label(field)} must be a date written YYYY-MM-DD.`,
  future: (field: string) => `The ${label(field)} date cannot be in the future.`,
  beforeFirstUnit: (field: string, first: string) =>
    `The ${label(field)} date is before the company's first unit (${first}).`,
  toBeforeFrom: 'The to date must not be before the from date.',
  tooManyPoints: (points: number) =>
    `The range holds ${points} months; a series holds at most ${SERIES_POINTS_MAX}. Choose a shorter range.`,
} as const;
