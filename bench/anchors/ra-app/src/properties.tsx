// Properties: list (search, city filter, the company as a reference), edit and create.
import {
  Create,
  DataTable,
  Edit,
  EditButton,
  List,
  ReferenceField,
  required,
  SearchInput,
  SimpleForm,
  TextInput,
} from 'react-admin';

const filters = [<SearchInput source="q" alwaysOn key="q" />, <TextInput source="city" key="city" />];

export const PropertyList = () => (
  <List filters={filters} perPage={20} sort={{ field: 'name', order: 'ASC' }}>
    <DataTable>
      <DataTable.Col source="name" />
      <DataTable.Col source="reference" />
      <DataTable.Col source="city" />
      <DataTable.Col source="postcode" />
      <DataTable.Col source="company_id" label="Company">
        <ReferenceField source="company_id" reference="companies" link={false} />
      </DataTable.Col>
      <DataTable.NumberCol source="units" disableSort />
      <DataTable.Col>
        <EditButton />
      </DataTable.Col>
    </DataTable>
  </List>
);

const PropertyForm = () => (
  <SimpleForm>
    <TextInput source="name" validate={required()} />
    <TextInput source="reference" />
    <TextInput source="address_line_1" />
    <TextInput source="address_line_2" />
    <TextInput source="city" />
    <TextInput source="county" />
    <TextInput source="country" />
    <TextInput source="postcode" />
    <TextInput source="area" />
  </SimpleForm>
);

export const PropertyEdit = () => (
  <Edit mutationMode="pessimistic">
    <PropertyForm />
  </Edit>
);

export const PropertyCreate = () => (
  <Create redirect="list">
    <PropertyForm />
  </Create>
);
