// Units: list (search, type/status/property filters, the property as a reference), edit and create.
import {
  AutocompleteInput,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  EditButton,
  List,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';

const choices = (names: string[]) => names.map((id) => ({ id, name: id }));
const TYPES = choices([
  'Flat',
  'Studio',
  'House',
  'Maisonette',
  'Penthouse',
  'Townhouse',
  'Farmhouse',
  'Flexible office',
  'Flagship retail',
]);
const STATUSES = choices(['Available', 'Let', 'Under Offer', 'Maintenance']);

const filters = [
  <SearchInput source="q" alwaysOn key="q" />,
  <SelectInput source="unit_type" choices={TYPES} key="unit_type" />,
  <SelectInput source="unit_status" choices={STATUSES} key="unit_status" />,
  <ReferenceInput source="property_id" reference="properties" key="property_id">
    <AutocompleteInput />
  </ReferenceInput>,
];

export const UnitList = () => (
  <List filters={filters} perPage={20} sort={{ field: 'name', order: 'ASC' }}>
    <DataTable>
      <DataTable.Col source="name" />
      <DataTable.Col source="unit_type" />
      <DataTable.Col source="property_id" label="Property">
        <ReferenceField source="property_id" reference="properties" link={false} />
      </DataTable.Col>
      <DataTable.NumberCol source="bedrooms" />
      <DataTable.NumberCol source="bathrooms" />
      <DataTable.Col>
        <EditButton />
      </DataTable.Col>
    </DataTable>
  </List>
);

const UnitForm = () => (
  <SimpleForm>
    <TextInput source="name" validate={required()} />
    <ReferenceInput source="property_id" reference="properties">
      <AutocompleteInput validate={required()} />
    </ReferenceInput>
    <TextInput source="unit_ref" />
    <SelectInput source="unit_type" choices={TYPES} />
    <SelectInput source="unit_status" choices={STATUSES} />
    <TextInput source="short_description" />
    <TextInput source="description" multiline rows={3} />
    <TextInput source="address_line_1" />
    <TextInput source="address_line_2" />
    <TextInput source="city" />
    <TextInput source="county" />
    <TextInput source="area" />
    <TextInput source="postcode" />
    <NumberInput source="bedrooms" min={0} />
    <NumberInput source="bathrooms" min={0} />
    <BooleanInput source="furnished" />
  </SimpleForm>
);

export const UnitEdit = () => (
  <Edit mutationMode="pessimistic">
    <UnitForm />
  </Edit>
);

export const UnitCreate = () => (
  <Create redirect="list">
    <UnitForm />
  </Create>
);
