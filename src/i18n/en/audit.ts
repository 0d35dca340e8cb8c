// English texts of the audit log (/dashboard/audit): the page's own under `olympus.audit`, and its
// list's headings and filter labels under `resources.audit` (where the shared list chrome looks for a
// list's field labels, as for a declared resource's).
import { DECLARED_RESOURCES } from '../../../contract/resources';
import { titleCase } from '../../../contract/permissionGroups';

export const audit = {
  title: 'Audit log',
  search: 'Search actions, people, records, addresses',
  no_company: '—',
  changes: 'Changes',
  show_changes: 'Show changes',
  hide_changes: 'Hide changes',
  no_changes: 'No fields changed.',
  field: 'Field',
  before: 'Before',
  after: 'After',
  details: 'Details',
  secret_changed: 'changed',
  empty_value: '(empty)',
  csv_changes: 'Changes',
  csv_detail: 'Details',
};

export const auditResource = {
  fields: {
    at: 'Time',
    actor: 'Person',
    company: 'Company',
    action: 'Action',
    resource: 'Resource',
    record: 'Record',
    ip: 'Address',
  },
  // The resource filter's options: the declared resources by their plural ("Units").
  choices: { resource: Object.fromEntries(DECLARED_RESOURCES.map((d) => [d.name, titleCase(d.noun.many)])) },
};
