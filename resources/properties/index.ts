// The property resource (SPEC §2 PropertyIndex/Create/Edit at /dashboard/property…); the API path is
// /properties (providers/dataProvider API_PATHS). Create and edit screens are added beside the list.
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import type { OlympusResource } from '..';
import PropertyList from './PropertyList';
import PropertyCreate from './PropertyCreate';
import PropertyEdit from './PropertyEdit';

const property: OlympusResource = {
  name: 'property',
  list: PropertyList,
  create: PropertyCreate,
  edit: PropertyEdit,
  icon: ApartmentOutlined,
  options: { label: 'olympus.lists.properties.name' },
  recordRepresentation: 'name',
};

export default property;
