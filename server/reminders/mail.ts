// A date reminder's mail (docs/resources.md "Date reminders"): which record, described by its list's columns as the
// list shows them, its date, how many days are left, and a link to it. Plain text first; the HTML part says the same.
import { choiceLabel, type FieldDecl, type ResourceDecl } from '../../contract/resources/declare';
import type { MailMessage } from '../mail/mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Tue, 5 Mar 2025", as the lists show a date (written out here: a server's Intl data differs by Node build). */
export function dayText(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "in 7 days", "tomorrow", "today", "yesterday", "3 days ago". */
export function daysLeftText(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

type Body = Record<string, unknown>;

/** The record's list columns (but the reminded date and files) as label and text: "Property: 12 High Street". */
export function describeRecord(decl: ResourceDecl, record: Body): { label: string; text: string }[] {
  const field = decl.reminders?.field;
  const out: { label: string; text: string }[] = [];
  for (const key of decl.list.columns) {
    if (key === field) continue;
    const ref = Object.values(decl.fields).find((f) => 'ref' in f && f.ref.as === key);
    const f: FieldDecl | undefined = Object.hasOwn(decl.fields, key) ? decl.fields[key] : undefined;
    const value = record[key];
    if (value === null || value === undefined || value === '') continue;
    if (ref) {
      const name = (value as { name?: unknown }).name;
      if (typeof name === 'string') out.push({ label: ref.label, text: name });
    } else if (f && f.type === 'select' && !('ref' in f))
      out.push({ label: f.label, text: choiceLabel(f, String(value)) });
    else if (f && f.type === 'date') out.push({ label: f.label, text: dayText(String(value)) });
    else if (f && (typeof value === 'string' || typeof value === 'number'))
      out.push({ label: f.label, text: String(value) });
  }
  return out;
}

export function reminderMail(opts: {
  decl: ResourceDecl;
  record: Body;
  to: { email: string; name: string };
  company: string;
  dueOn: string;
  daysLeft: number;
  publicUrl: string;
}): MailMessage {
  const { decl, record } = opts;
  const one = decl.noun.one;
  const One = one.charAt(0).toUpperCase() + one.slice(1);
  const field = decl.fields[decl.reminders?.field ?? ''] as FieldDecl | undefined;
  const dateLabel = field?.label ?? 'Date';
  const lines = describeRecord(decl, record);
  const title = lines
    .slice(0, 2)
    .map((l) => l.text)
    .join(', ');
  const when = daysLeftText(opts.daysLeft);
  const link = `${opts.publicUrl}/dashboard/${decl.spa}/${String(record.id)}/edit`;
  const facts = [
    ...lines,
    { label: dateLabel, text: dayText(opts.dueOn) },
    {
      label: opts.daysLeft >= 0 ? 'Days left' : 'Days past',
      text: `${Math.abs(opts.daysLeft)} (${when})`,
    },
  ];
  const intro = `${decl.noun.article === 'an' ? 'An' : 'A'} ${one} of ${opts.company} needs attention: ${dateLabel.toLowerCase()} ${dayText(opts.dueOn)} (${when}).`;
  const why = `You receive this because you may ${decl.reminders?.notify === 'view' ? 'see' : 'update'} ${decl.noun.many} of ${opts.company} in Olympus.`;
  const text = [
    `Hello ${opts.to.name},`,
    '',
    intro,
    '',
    ...facts.map((f) => `    ${f.label}: ${f.text}`),
    '',
    `Open it: ${link}`,
    '',
    why,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(opts.to.name)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${facts.map((f) => `<tr><th align="left">${escapeHtml(f.label)}</th><td>${escapeHtml(f.text)}</td></tr>`).join('')}</table>`,
    `<p><a href="${escapeHtml(link)}">Open the ${escapeHtml(one)}</a></p>`,
    `<p>${escapeHtml(why)}</p>`,
  ].join('\n');
  return {
    to: opts.to.email,
    subject: `${One} reminder: ${title ? `${title}, ` : ''}${dateLabel.toLowerCase()} ${dayText(opts.dueOn)} (${when})`,
    text,
    html,
  };
}
