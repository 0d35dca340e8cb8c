// The list's "Import" button (docs/resources.md "Import"): to /dashboard/{spa}/import, for whoever may
// create the resource's records (the server decides the same).
import { Button } from '@mui/material';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Link } from 'react-router';
import { useBasename, useResourceContext, useTranslate } from 'ra-core';
import { useMayAct } from '../lists/useMayAct';

export const importPath = (basename: string, resource: string): string => `${basename}/${resource}/import`;

export function ImportLinkButton() {
  const translate = useTranslate();
  const basename = useBasename();
  const resource = useResourceContext() ?? '';
  if (!useMayAct('create')) return null;
  return (
    <Button component={Link} to={importPath(basename, resource)} startIcon={<UploadFileOutlined />}>
      {translate('olympus.imports.open')}
    </Button>
  );
}
