// The user resource (SPEC §2 UsersIndex/Create/Edit at /dashboard/users…; API /users).
// Create and edit screens are added beside the list.
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import type { OlympusResource } from '..';
import UserList from './UserList';
import UserCreate from './UserCreate';
import UserEdit from './UserEdit';

const users: OlympusResource = {
  name: 'users',
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  icon: PeopleOutlined,
  options: { label: 'olympus.lists.users.name' },
  recordRepresentation: 'name',
};

export default users;
