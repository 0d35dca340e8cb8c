// A Y-m-d date as lists show it: "Tue, 5 Mar 2025" (contract/forms.ts DATE_DISPLAY_FORMAT), the text
// the form's date picker shows for it. Anything else is shown as it came.
import dayjs from 'dayjs';
import { DATE_DISPLAY_FORMAT } from '../../contract/forms';

const YMD = /^\d{4}-\d{2}-\d{2}$/;

export function dateText(value: unknown): string {
  if (typeof value !== 'string') return '';
  // Y-m-d is ISO 8601: dayjs reads it as a local date, so no time zone moves the day.
  const d = YMD.test(value) ? dayjs(value) : null;
  return d?.isValid() ? d.format(DATE_DISPLAY_FORMAT) : value;
}
