// How an audit row reads: the person, the company, the record, a changed value, as text for the
// table, the cards and the CSV alike (contract/audit.ts AuditRow).
import type { TranslateFunction } from 'ra-core';
import { MASKED, type AuditChange, type AuditRow } from '../../../contract/audit';
import { DECLARED_RESOURCES } from '../../../contract/resources';
import { titleCase } from '../../../contract/permissionGroups';
import { fieldKey } from '../../declared/texts';
import { actorName } from '../../people/actorName';

export type AuditRecord = AuditRow;

/** "Ann Admin" — or "Olympus" for no actor, "Removed user" for one no longer there (actorName). */
export const personText = (r: AuditRow, translate: TranslateFunction): string => actorName(r.actor, translate);

/** The SPA resource (the edit screen's path) of a declared resource's API name. */
export const spaOf = (resource: string | null): string | null =>
  resource ? (DECLARED_RESOURCES.find((d) => d.name === resource)?.spa ?? null) : null;

/** "unit Flat 7", "system 3f2…", or '' when the row names no record. */
export function recordText(r: AuditRow): string {
  if (!r.entity && !r.entity_id) return '';
  return [r.entity, r.record_label ?? r.entity_id].filter(Boolean).join(' ');
}

/** A changed field's label: the declaration's (through the catalogue) when the entity is a declared resource's, else
 * its name title-cased ("two_factor" → "Two Factor"). */
export function fieldLabel(r: AuditRow, field: string, translate: TranslateFunction): string {
  const spa = spaOf(r.resource);
  const plain = titleCase(field);
  return spa ? translate(fieldKey(spa, field), { _: plain }) : plain;
}

/** A secret is written masked: shown only as "changed". */
export const isSecretChange = (c: AuditChange) => c.before === MASKED || c.after === MASKED;

/** One side of a change as text: JSON for lists and objects, "(empty)" for nothing. */
export function valueText(v: unknown, translate: TranslateFunction): string {
  if (v === null || v === undefined || v === '') return translate('olympus.audit.empty_value');
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** "Name: Flat 6 → Flat 7; Password: changed" — the CSV's changes cell. */
export function changesText(r: AuditRow, translate: TranslateFunction): string {
  return Object.entries(r.changes ?? {})
    .map(
      ([field, c]) =>
        `${fieldLabel(r, field, translate)}: ${isSecretChange(c) ? translate('olympus.audit.secret_changed') : `${valueText(c.before, translate)} → ${valueText(c.after, translate)}`}`,
    )
    .join('; ');
}

/** "reason: unknown_email; method: password" — the CSV's details cell. */
export function detailText(r: AuditRow, translate: TranslateFunction): string {
  return Object.entries(r.detail ?? {})
    .map(([k, v]) => `${k}: ${valueText(v, translate)}`)
    .join('; ');
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** "5 Mar 2025, 12:00:00" in the reader's locale and time zone; the raw text when unparsable. */
export function timeText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}
