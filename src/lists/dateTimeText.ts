// A moment as people read it: "24 Nov 2026, 03:29" in the browser's own locale and time zone (session
// lists, history entries, the audit log, a record's conflicting change); the raw text when it cannot be read as a time.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function dateTimeText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}
