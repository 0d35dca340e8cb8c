// Compliance (docs/resources.md "Computed fields", the certificates resource): the certificate types a
// property may need, each type's validity and warning window declared once, and the statuses a
// certificate is read with. Both sides read them: the declaration's choices and labels, the server's
// status SQL and expiry default (server/certificates/), the seed.
import { addDays } from './dates';

/** A certificate type: its label, how long one stays valid, and how many days before expiry it is due. */
export interface CertificateTypeDef {
  label: string;
  months: number;
  /** The warning window, in days before expiry (WARNING_DAYS by default). */
  warnDays?: number;
}

/** Days before expiry a certificate is `due`, unless its type says otherwise. */
export const WARNING_DAYS = 30;

export const CERTIFICATE_TYPES = {
  gas_safety: { label: 'Gas safety record', months: 12 },
  eicr: { label: 'Electrical installation condition report', months: 60 },
  epc: { label: 'Energy performance certificate', months: 120 },
  fire_risk: { label: 'Fire risk assessment', months: 12 },
  legionella: { label: 'Legionella risk assessment', months: 24 },
  hmo_licence: { label: 'HMO licence', months: 60 },
  alarms: { label: 'Smoke and CO alarm check', months: 12 },
} as const satisfies Record<string, CertificateTypeDef>;
export type CertificateType = keyof typeof CERTIFICATE_TYPES;
export const CERTIFICATE_TYPE_KEYS = Object.keys(CERTIFICATE_TYPES) as CertificateType[];
export const CERTIFICATE_TYPE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  CERTIFICATE_TYPE_KEYS.map((k) => [k, CERTIFICATE_TYPES[k].label]),
);

/** What a new property needs unless told otherwise. */
export const REQUIRED_BY_DEFAULT: readonly CertificateType[] = ['gas_safety', 'eicr', 'epc'];

/**
 * A certificate's status, computed on every read: `expired` (expires on before today), `due` (within its
 * type's warning window, the day of expiry included), `unproven` (in date but no evidence attached: it
 * counts as valid only with its evidence), else `valid`. In this order the list sorts them.
 */
export const CERTIFICATE_STATUSES = ['expired', 'due', 'unproven', 'valid'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const warnDaysOf = (type: CertificateType): number =>
  (CERTIFICATE_TYPES[type] as CertificateTypeDef).warnDays ?? WARNING_DAYS;

/**
 * A `Y-m-d` day plus whole months, in UTC, a month end kept in range as PostgreSQL's `date + interval` does
 * (29 Feb 2024 + 12 months = 28 Feb 2025).
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** When a certificate issued on `issuedOn` expires when no date is given: issued on + its type's validity. */
export const defaultExpiry = (type: CertificateType, issuedOn: string): string =>
  addMonths(issuedOn, CERTIFICATE_TYPES[type].months);

/** The status of a certificate on `today` (the server's SQL says the same: server/certificates/binding.ts). */
export function statusOf(
  c: { type: CertificateType; expires_on: string; evidence: unknown },
  today: string,
): CertificateStatus {
  if (c.expires_on < today) return 'expired';
  if (c.expires_on <= addDays(today, warnDaysOf(c.type))) return 'due';
  return c.evidence ? 'valid' : 'unproven';
}

/** A required property × type pair's status: its latest certificate's, or `missing` when it has none. */
export const PAIR_STATUSES = [...CERTIFICATE_STATUSES, 'missing'] as const;
export type PairStatus = (typeof PAIR_STATUSES)[number];

/** A cell of the compliance matrix (GET /compliance/matrix): a required type of a property, judged. */
export interface ComplianceCell {
  type: CertificateType;
  status: PairStatus;
  /** The latest certificate's expiry (null when missing). */
  expires_on: string | null;
  /** The latest certificate (null when missing). */
  certificate_id: string | null;
}

/** A row of the compliance matrix: a live property and its required types, in the order it lists them. */
export interface ComplianceRow {
  property_id: string;
  property: string;
  cells: ComplianceCell[];
}
