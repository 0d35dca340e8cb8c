// Certificates (the certificate list, create and edit screens), declared once (docs/resources.md): a safety
// certificate of a property of the X-Tenant company (optionally of one of its units), with its evidence and a
// status the server computes on every read (contract/compliance.ts). Its own area, "Compliance".
import { CERTIFICATE_STATUSES, CERTIFICATE_TYPE_KEYS, CERTIFICATE_TYPE_LABELS, WARNING_DAYS } from '../compliance';
import {
  choice,
  computed,
  date,
  declareResource,
  file,
  group,
  newArea,
  ref,
  text,
  textarea,
  type Flat,
  type RecordOf,
} from './declare';
import { choiceFilter, rangeFilter, refFilter } from './filters';

export const certificateResource = declareResource({
  name: 'certificates',
  spa: 'certificate',
  noun: { one: 'certificate', many: 'certificates' },
  // compliance.* permissions, "Compliance" in the navigation after Properties, leading to the overview
  // (src/pages/compliance); admins get the whole area once.
  area: newArea('compliance', {
    nav: { order: 45, label: 'Compliance', page: 'compliance' },
    defaults: { admin: ['compliance.*'] },
  }),
  tenancy: 'scoped',
  fields: {
    ...group('Certificate', {
      property_id: ref('Property', 'properties', 'property', { required: true }),
      // Must be a unit of that property (server/certificates/binding.ts).
      unit_id: ref('Unit', 'units', 'unit', { onDelete: 'set null' }),
      type: choice('Type', CERTIFICATE_TYPE_KEYS, { required: true, labels: CERTIFICATE_TYPE_LABELS }),
      issued_on: date('Issued on', { required: true }),
      expires_on: date('Expires on', {
        derived: true,
        help: 'Leave blank for the issue date plus the validity of its type',
      }),
      reference: text('Reference'),
      status: computed('Status', {
        type: 'choice',
        options: CERTIFICATE_STATUSES,
        tones: { expired: 'error', due: 'warning', unproven: 'info', valid: 'success' },
      }),
    }),
    ...group('Evidence', {
      evidence: file('Evidence', { types: ['pdf', 'png', 'jpeg', 'webp'], maxMb: 20 }),
      notes: textarea('Notes'),
    }),
  },
  list: {
    columns: ['type', 'property', 'unit', 'expires_on', 'status', 'evidence'],
    sort: ['expires_on', 'type', 'property', 'issued_on', 'status'],
    search: ['reference', 'property'],
    filters: [choiceFilter('status'), choiceFilter('type'), refFilter('property'), rangeFilter('expires_on')],
  },
  // Mails to whoever may update certificates (docs/resources.md "Date reminders"); the warning's days are the type's
  // window (server/certificates/binding.ts), and a newer certificate of the same property, unit and type stops them.
  reminders: {
    field: 'expires_on',
    thresholds: [
      { key: 'warning', daysBefore: WARNING_DAYS },
      { key: 'week', daysBefore: 7 },
      { key: 'expired', daysBefore: 0 },
    ],
    notify: 'update',
  },
});

/** A certificate as the API answers it. */
export type CertificateRecord = Flat<RecordOf<typeof certificateResource>>;
