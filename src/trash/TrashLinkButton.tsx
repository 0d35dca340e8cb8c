// The list's "Trash" button (docs/resources.md "Trash"): for whoever may delete the resource's records
// (the trash undoes deletes).
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import { SubScreenButton } from '../lists/SubScreenButton';

export const TrashLinkButton = () => (
  <SubScreenButton screen="trash" action="delete" icon={<DeleteOutlineOutlined />} label="olympus.trash.open" />
);
