// The react-admin anchor: react-admin 5 + MUI 9 on ra-data-simple-rest with four resources,
// each a list (DataTable, filters, a reference), an edit and a create screen — the minimal app
// Olympus's bundle and first row are compared with. Served under /ra/ by bench/lib/anchor-api.ts.
import { Admin, Resource } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { CompanyCreate, CompanyEdit, CompanyList } from './companies';
import { PropertyCreate, PropertyEdit, PropertyList } from './properties';
import { UnitCreate, UnitEdit, UnitList } from './units';
import { UserCreate, UserEdit, UserList } from './users';

// ?t=10k switches to a generated tenant of the bench database.
const tenant = new URLSearchParams(window.location.search).get('t') ?? 'demo';
const dataProvider = simpleRestProvider(`/api/${tenant}`);

export const App = () => (
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="units" list={UnitList} edit={UnitEdit} create={UnitCreate} recordRepresentation="name" />
    <Resource
      name="properties"
      list={PropertyList}
      edit={PropertyEdit}
      create={PropertyCreate}
      recordRepresentation="name"
    />
    <Resource
      name="companies"
      list={CompanyList}
      edit={CompanyEdit}
      create={CompanyCreate}
      recordRepresentation="name"
    />
    <Resource name="users" list={UserList} edit={UserEdit} create={UserCreate} recordRepresentation="name" />
  </Admin>
);
