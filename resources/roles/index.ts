// The Olympus role resource (SPEC §2 RolesIndex/Create/Edit at /dashboard/roles…; API /roles).
// Create and edit screens are added beside the list.
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import type { OlympusResource } from '..';
import RoleList from './RoleList';
import RoleCreate from './RoleCreate';
import RoleEdit from './RoleEdit';

const roles: OlympusResource = {
  name: 'roles',
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  icon: ShieldOutlined,
  options: { label: 'olympus.lists.roles.name' },
  recordRepresentation: 'label',
};

export default roles;
