// SPEC §2 PropertyIndex (/dashboard/property): Name, Company, Address, Edit; searched by name.
import { DataTable } from 'react-admin';
import type { Property } from '../../contract/types';
import { EditLinkButton, ListScreen, shortAddress, type CsvColumn } from '../../src/lists';

const companyName = (p: Property) => p.company?.name ?? '';

const csv: CsvColumn<Property>[] = [
  { label: 'olympus.lists.properties.name_column', value: (p) => p.name },
  { label: 'olympus.lists.properties.company', value: companyName },
  { label: 'olympus.lists.properties.address', value: shortAddress },
];

export default function PropertyList() {
  return (
    <ListScreen<Property>
      title="olympus.lists.properties.title"
      createLabel="olympus.lists.properties.create"
      searchPlaceholder="olympus.lists.properties.search"
      csv={csv}
      csvFilename="properties"
      showCompany
    >
      <DataTable.Col source="name" label="olympus.lists.properties.name_column" />
      <DataTable.Col label="olympus.lists.properties.company" render={companyName} />
      <DataTable.Col label="olympus.lists.properties.address" render={shortAddress} />
      <DataTable.Col label="olympus.lists.edit">
        <EditLinkButton label="olympus.lists.edit" />
      </DataTable.Col>
    </ListScreen>
  );
}
