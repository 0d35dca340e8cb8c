// SPEC §2 UnitIndex (/dashboard/unit, no navigation link): Unit Name, Unit Type, Property, Bedrooms,
// Bathrooms, "Edit Unit" and "Remove Unit"; the search box filters by unit type.
import type { Unit } from '../../contract/types';
import { EditLinkButton, ListScreen, RemoveButton, type ListColumn, type ListRowActions } from '../../src/lists';

const propertyName = (u: Unit) => u.property?.name ?? '';

const columns: ListColumn<Unit>[] = [
  { label: 'olympus.lists.units.name_column', source: 'name' },
  { label: 'olympus.lists.units.type', source: 'unit_type', sortable: false },
  { label: 'olympus.lists.units.property', value: propertyName },
  { label: 'olympus.lists.units.bedrooms', source: 'bedrooms', numeric: true, sortable: false },
  { label: 'olympus.lists.units.bathrooms', source: 'bathrooms', numeric: true, sortable: false },
];

const rowActions: ListRowActions = {
  label: 'olympus.lists.actions',
  element: (
    <>
      <EditLinkButton label="olympus.lists.units.edit" />
      <RemoveButton label="olympus.lists.units.remove" />
    </>
  ),
};

export default function UnitList() {
  return (
    <ListScreen<Unit>
      title="olympus.lists.units.title"
      createLabel="olympus.lists.units.create"
      searchPlaceholder="olympus.lists.units.search"
      columns={columns}
      rowActions={rowActions}
      csvFilename="units"
      showCompany
    />
  );
}
