// The unit resource (SPEC §2 UnitIndex/Create/Edit at /dashboard/unit…; no navigation link); the API
// path is /units (providers/dataProvider API_PATHS). Create and edit screens are added beside the list.
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import type { OlympusResource } from '..';
import UnitList from './UnitList';
import UnitCreate from './UnitCreate';
import UnitEdit from './UnitEdit';

const unit: OlympusResource = {
  name: 'unit',
  list: UnitList,
  create: UnitCreate,
  edit: UnitEdit,
  icon: MeetingRoomOutlined,
  options: { label: 'olympus.lists.units.name' },
  recordRepresentation: 'name',
};

export default unit;
