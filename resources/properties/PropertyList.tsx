// SPEC §2 PropertyIndex (/dashboard/property): Name, Company, Address, Edit; searched by name.
import type { Property } from '../../contract/types';
import { EditLinkButton, ListScreen, shortAddress, type ListColumn, type ListRowActions } from '../../src/lists';

const companyName = (p: Property) => p.company?.name ?? '';

const columns: ListColumn<Property>[] = [
  { label: 'olympus.lists.properties.name_column', source: 'name' },
  { label: 'olympus.lists.properties.company', value: companyName },
  { label: 'olympus.lists.properties.address', value: shortAddress },
];

const rowActions: ListRowActions = { label: 'olympus.lists.edit', element: <EditLinkButton label="olympus.lists.edit" /> };

export default function PropertyList() {
  return (
    <ListScreen<Property>
      title="olympus.lists.properties.title"
      createLabel="olympus.lists.properties.create"
      searchPlaceholder="olympus.lists.properties.search"
      columns={columns}
      rowActions={rowActions}
      csvFilename="properties"
      showCompany
    />
  );
}
