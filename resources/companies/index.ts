// The company resource (SPEC §2 CompanyIndex/Create/Edit at /dashboard/company…); the API path is
// /companies (providers/dataProvider API_PATHS). Create and edit screens are added beside the list.
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import type { OlympusResource } from '..';
import CompanyList from './CompanyList';
import CompanyCreate from './CompanyCreate';
import CompanyEdit from './CompanyEdit';

const company: OlympusResource = {
  name: 'company',
  list: CompanyList,
  create: CompanyCreate,
  edit: CompanyEdit,
  icon: BusinessOutlined,
  options: { label: 'olympus.lists.companies.name' },
  recordRepresentation: 'name',
};

export default company;
