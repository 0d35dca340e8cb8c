// The react-admin anchor: a units list (DataTable, search filter, pagination) on ra-data-simple-rest.
import { Admin, DataTable, List, Resource, SearchInput } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

// ?t=scale switches to the 10k-unit tenant of the bench database.
const tenant = new URLSearchParams(window.location.search).get('t') ?? 'demo';
const dataProvider = simpleRestProvider(`/api/${tenant}`);
const filters = [<SearchInput source="q" alwaysOn key="q" />];

const UnitList = () => (
  <List filters={filters} perPage={20} sort={{ field: 'name', order: 'ASC' }}>
    <DataTable>
      <DataTable.Col source="name" />
      <DataTable.Col source="unit_type" />
      <DataTable.Col source="property.name" label="Property" />
      <DataTable.NumberCol source="bedrooms" />
      <DataTable.NumberCol source="bathrooms" />
    </DataTable>
  </List>
);

export const App = () => (
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="units" list={UnitList} />
  </Admin>
);
