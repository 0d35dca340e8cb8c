// How the Occupancy report writes its numbers and days.
import dayjs from 'dayjs';
import { DATE_DISPLAY_FORMAT } from '../../../../contract/forms';

export const percent = (v: number | null, none: string) => (v === null ? none : `${v.toFixed(1)}%`);
export const monthLabel = (day: string) => dayjs(day).format('MMM YYYY');
export const dayLabel = (day: string) => dayjs(day).format(DATE_DISPLAY_FORMAT);
