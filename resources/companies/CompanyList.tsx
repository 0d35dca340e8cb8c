// SPEC §2 CompanyIndex (/dashboard/company): Company name, Address, Edit; searched by company name.
import { DataTable } from 'react-admin';
import type { Company } from '../../contract/types';
import { EditLinkButton, ListScreen, shortAddress, type CsvColumn } from '../../src/lists';

type CompanyRecord = Company;

const csv: CsvColumn<CompanyRecord>[] = [
  { label: 'olympus.lists.companies.name_column', value: (c) => c.name },
  { label: 'olympus.lists.companies.address', value: shortAddress },
];

export default function CompanyList() {
  return (
    <ListScreen<CompanyRecord>
      title="olympus.lists.companies.title"
      createLabel="olympus.lists.companies.create"
      searchPlaceholder="olympus.lists.companies.search"
      csv={csv}
      csvFilename="companies"
    >
      <DataTable.Col source="name" label="olympus.lists.companies.name_column" />
      <DataTable.Col label="olympus.lists.companies.address" render={shortAddress} />
      <DataTable.Col label="olympus.lists.edit">
        <EditLinkButton label="olympus.lists.edit" />
      </DataTable.Col>
    </ListScreen>
  );
}
