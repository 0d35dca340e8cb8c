// A resource declared only in the test tree (docs/resources.md "Files"): "policies", an insurance
// policy with its certificate as a file, scoped to the X-Tenant company. Plain data, so the component
// tests use it too; its table and server binding are in tests/server/policy-resource.ts.
import { date, declareResource, file, group, text } from '../../contract/resources/declare';

/** The certificate's largest file, small so a test can pass it. */
export const CERTIFICATE_MB = 1;

export const policyResource = declareResource({
  name: 'policies',
  spa: 'policy',
  noun: { one: 'policy', many: 'policies' },
  area: 'units',
  tenancy: 'scoped',
  fields: {
    ...group('Policy', {
      name: text('Policy name', { required: true }),
      insurer: text('Insurer'),
      renews_on: date('Renews on'),
      certificate: file('Certificate', { types: ['pdf', 'png', 'jpeg', 'webp'], maxMb: CERTIFICATE_MB }),
      // Images only: a PDF is refused when attached here.
      photo: file('Photo', { types: ['png', 'jpeg'] }),
    }),
  },
  list: {
    columns: ['name', 'insurer', 'certificate'],
    sort: ['name', 'renews_on'],
    search: ['name', 'insurer'],
  },
});
