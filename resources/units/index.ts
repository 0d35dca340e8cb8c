// Units (the list, create and edit screens at /dashboard/unit…; no navigation link): every screen is
// generated from contract/resources/units.ts (docs/resources.md); only the icon is chosen here.
import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import { unitResource } from '../../contract/resources/units';
import { declaredResource } from '../../src/declared/declared';

export default declaredResource(unitResource, { icon: MeetingRoomOutlined });
