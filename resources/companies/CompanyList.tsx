// SPEC §2 CompanyIndex (/dashboard/company): Company name, Address, Edit; searched by company name.
import type { Company } from '../../contract/types';
import { EditLinkButton, ListScreen, shortAddress, type ListColumn, type ListRowActions } from '../../src/lists';

type CompanyRecord = Company;

const columns: ListColumn<CompanyRecord>[] = [
  { label: 'olympus.lists.companies.name_column', source: 'name' },
  { label: 'olympus.lists.companies.address', value: shortAddress },
];

const rowActions: ListRowActions = { label: 'olympus.lists.edit', element: <EditLinkButton label="olympus.lists.edit" /> };

export default function CompanyList() {
  return (
    <ListScreen<CompanyRecord>
      title="olympus.lists.companies.title"
      createLabel="olympus.lists.companies.create"
      searchPlaceholder="olympus.lists.companies.search"
      columns={columns}
      rowActions={rowActions}
      csvFilename="companies"
    />
  );
}
