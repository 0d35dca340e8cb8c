// Certificates on the server: the declaration (contract/resources/certificates.ts) bound to its table, plus what
// only a certificate does — its status computed on every read from its dates, type and evidence (never stored, so
// never stale), an expiry derived from the issue date and the type's validity when none is given, an issue date
// never in the future and an expiry after it, and a unit only of the certificate's property. Routes, checks and
// forms: docs/resources.md.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { todayUtc } from '../../contract/dates';
import { CERTIFICATE_TYPE_KEYS, defaultExpiry, warnDaysOf, type CertificateType } from '../../contract/compliance';
import { certificateResource } from '../../contract/resources/certificates';
import { certificates } from '../db/declaredTables';
import { properties, units } from '../db/schema';
import { defineCrud } from '../crud';
import { isUuid } from '../db/conn';

export const CERTIFICATE_MSG = {
  issuedFuture: 'The issued on date cannot be in the future.',
  expiresBeforeIssued: 'The expires on date must be after the issued on date.',
  unitOfOtherProperty: 'The unit must be a unit of the chosen property.',
} as const;

/** Today as the API counts days: in UTC (contract/dates.ts), whatever the database session's time zone. */
const today = sql`(now() at time zone 'utc')::date`;

/**
 * Each type's warning window in days (contract/compliance.ts), as SQL over the row's type: literals, not parameters,
 * as a list's sort compiles its expression once (server/db/statements.ts).
 */
const warnDays = sql.raw(`${CERTIFICATE_TYPE_KEYS.map((t) => `when '${t}' then ${warnDaysOf(t)}`).join(' ')} end`);
const warnDaysSql = sql`(case ${certificates.type} ${warnDays})`;

/** The status (contract/compliance.ts statusOf says the same in JS). */
export const certificateStatus = sql<string>`case
  when ${certificates.expiresOn} < ${today} then 'expired'
  when ${certificates.expiresOn} <= ${today} + ${warnDaysSql} then 'due'
  when ${certificates.evidence} is null then 'unproven'
  else 'valid' end`;

/**
 * A newer certificate (issued later, live) of the same property, unit and type replaces this one: its date reminders
 * stop (docs/resources.md "Date reminders").
 */
const notReplaced = sql`not exists (select 1 from certificates newer
  where newer.property_id = ${certificates.propertyId} and newer.type = ${certificates.type}
    and newer.unit_id is not distinct from ${certificates.unitId}
    and newer.issued_on > ${certificates.issuedOn} and newer.deleted_at is null)`;

type Body = Record<string, unknown>;
/** A value of the change: the body's when sent, else the stored one (null on create). */
const valueOf = (body: Body, before: Body | null, key: string): unknown =>
  Object.hasOwn(body, key) ? body[key] : before?.[key];
const day = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export const certificateCrud = defineCrud(
  certificateResource,
  {
    table: certificates,
    refs: { properties, units },
    // The warning goes when the type's window opens; the week's and the day's as declared.
    reminders: { daysBefore: { warning: warnDaysSql }, where: notReplaced },
  },
  {
    computed: { status: { sql: certificateStatus } },
    async validate({ db, tenant, body, errors, before }) {
      const issued = day(valueOf(body, before, 'issued_on'));
      if (issued && Object.hasOwn(body, 'issued_on') && issued > todayUtc())
        errors.add('issued_on', CERTIFICATE_MSG.issuedFuture);
      const expires = day(valueOf(body, before, 'expires_on'));
      if (
        issued &&
        expires &&
        expires <= issued &&
        (Object.hasOwn(body, 'expires_on') || Object.hasOwn(body, 'issued_on'))
      )
        errors.add('expires_on', CERTIFICATE_MSG.expiresBeforeIssued);
      // A unit of the company (the generic reference check answers for another company's) in another property.
      const unit = valueOf(body, before, 'unit_id');
      const property = valueOf(body, before, 'property_id');
      if (typeof unit === 'string' && typeof property === 'string' && isUuid(unit) && isUuid(property) && tenant) {
        const [found] = await db
          .select({ propertyId: units.propertyId })
          .from(units)
          .where(and(eq(units.id, unit), eq(units.companyId, tenant), isNull(units.deletedAt)));
        if (found && found.propertyId !== property) errors.add('unit_id', CERTIFICATE_MSG.unitOfOtherProperty);
      }
    },
    // Left empty, the expiry is the issue date plus the type's validity; kept as stored while neither is sent empty.
    async beforeChange({ body, values, before }) {
      const sentEmpty = Object.hasOwn(body, 'expires_on') && !day(body.expires_on);
      if (before && !sentEmpty) return;
      if (!before && day(body.expires_on)) return;
      const type = valueOf(body, before, 'type') as CertificateType | undefined;
      const issued = day(valueOf(body, before, 'issued_on'));
      if (type && issued) values.expiresOn = defaultExpiry(type, issued);
    },
  },
);

/** This resource's binding, named in server/crud/bindings.ts (docs/resources.md "Binding and hooks"). */
export default certificateCrud;
