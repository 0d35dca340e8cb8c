// The list's "Import" button (docs/resources.md "Import"): for whoever may create the resource's records.
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { SubScreenButton } from '../lists/SubScreenButton';

export const ImportLinkButton = () => (
  <SubScreenButton screen="import" action="create" icon={<UploadFileOutlined />} label="olympus.imports.open" />
);
