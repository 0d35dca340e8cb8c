// Companies: list (search, city filter), edit and create.
import { Create, DataTable, Edit, EditButton, List, required, SearchInput, SimpleForm, TextInput } from 'react-admin';

const filters = [<SearchInput source="q" alwaysOn key="q" />, <TextInput source="city" key="city" />];

export const CompanyList = () => (
  <List filters={filters} perPage={20} sort={{ field: 'name', order: 'ASC' }}>
    <DataTable>
      <DataTable.Col source="name" />
      <DataTable.Col source="city" />
      <DataTable.Col source="postcode" />
      <DataTable.NumberCol source="properties" disableSort />
      <DataTable.Col>
        <EditButton />
      </DataTable.Col>
    </DataTable>
  </List>
);

const CompanyForm = () => (
  <SimpleForm>
    <TextInput source="name" validate={required()} />
    <TextInput source="address_line_1" />
    <TextInput source="address_line_2" />
    <TextInput source="city" />
    <TextInput source="county" />
    <TextInput source="postcode" />
  </SimpleForm>
);

export const CompanyEdit = () => (
  <Edit mutationMode="pessimistic">
    <CompanyForm />
  </Edit>
);

export const CompanyCreate = () => (
  <Create redirect="list">
    <CompanyForm />
  </Create>
);
