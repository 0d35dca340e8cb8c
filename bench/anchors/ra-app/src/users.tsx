// Users: list (search, the companies as references), edit and create.
import {
  BooleanField,
  Create,
  DataTable,
  DateField,
  Edit,
  EditButton,
  email,
  List,
  ReferenceArrayField,
  required,
  SearchInput,
  SimpleForm,
  TextInput,
} from 'react-admin';

const filters = [<SearchInput source="q" alwaysOn key="q" />];

export const UserList = () => (
  <List filters={filters} perPage={20} sort={{ field: 'name', order: 'ASC' }}>
    <DataTable>
      <DataTable.Col source="name" />
      <DataTable.Col source="email" />
      <DataTable.Col source="username" />
      <DataTable.Col source="company_ids" label="Companies" disableSort>
        <ReferenceArrayField source="company_ids" reference="companies" />
      </DataTable.Col>
      <DataTable.Col source="disabled" disableSort>
        <BooleanField source="disabled" />
      </DataTable.Col>
      <DataTable.Col source="last_login_at" disableSort>
        <DateField source="last_login_at" showTime />
      </DataTable.Col>
      <DataTable.Col>
        <EditButton />
      </DataTable.Col>
    </DataTable>
  </List>
);

const UserForm = () => (
  <SimpleForm>
    <TextInput source="name" validate={required()} />
    <TextInput source="username" validate={required()} />
    <TextInput source="email" validate={[required(), email()]} />
  </SimpleForm>
);

export const UserEdit = () => (
  <Edit mutationMode="pessimistic">
    <UserForm />
  </Edit>
);

export const UserCreate = () => (
  <Create redirect="list">
    <UserForm />
  </Create>
);
