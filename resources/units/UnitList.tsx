// SPEC §2 UnitIndex (/dashboard/unit, no navigation link): Unit Name, Unit Type, Property, Bedrooms,
// Bathrooms, "Edit Unit" and "Remove Unit"; the search box filters by unit type.
import { Stack } from '@mui/material';
import { DataTable } from 'react-admin';
import type { Unit } from '../../contract/types';
import { EditLinkButton, ListScreen, RemoveButton, type CsvColumn } from '../../src/lists';

const propertyName = (u: Unit) => u.property?.name ?? '';

const csv: CsvColumn<Unit>[] = [
  { label: 'olympus.lists.units.name_column', value: (u) => u.name },
  { label: 'olympus.lists.units.type', value: (u) => u.unit_type },
  { label: 'olympus.lists.units.property', value: propertyName },
  { label: 'olympus.lists.units.bedrooms', value: (u) => u.bedrooms },
  { label: 'olympus.lists.units.bathrooms', value: (u) => u.bathrooms },
];

export default function UnitList() {
  return (
    <ListScreen<Unit>
      title="olympus.lists.units.title"
      createLabel="olympus.lists.units.create"
      searchPlaceholder="olympus.lists.units.search"
      csv={csv}
      csvFilename="units"
      showCompany
    >
      <DataTable.Col source="name" label="olympus.lists.units.name_column" />
      <DataTable.Col source="unit_type" label="olympus.lists.units.type" disableSort />
      <DataTable.Col label="olympus.lists.units.property" render={propertyName} />
      <DataTable.NumberCol source="bedrooms" label="olympus.lists.units.bedrooms" disableSort />
      <DataTable.NumberCol source="bathrooms" label="olympus.lists.units.bathrooms" disableSort />
      <DataTable.Col label="olympus.lists.actions">
        <Stack direction="row" spacing={1}>
          <EditLinkButton label="olympus.lists.units.edit" />
          <RemoveButton label="olympus.lists.units.remove" />
        </Stack>
      </DataTable.Col>
    </ListScreen>
  );
}
