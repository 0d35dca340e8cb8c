// The list's "Trash" button (docs/resources.md "Trash"): to /dashboard/{spa}/trash, for whoever may
// delete the resource's records (the trash undoes deletes; the server decides the same).
import { Button } from '@mui/material';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import { Link } from 'react-router';
import { useBasename, useResourceContext, useTranslate } from 'ra-core';
import { useMayAct } from '../lists/useMayAct';

export const trashPath = (basename: string, resource: string): string => `${basename}/${resource}/trash`;

export function TrashLinkButton() {
  const translate = useTranslate();
  const basename = useBasename();
  const resource = useResourceContext() ?? '';
  if (!useMayAct('delete')) return null;
  return (
    <Button component={Link} to={trashPath(basename, resource)} startIcon={<DeleteOutlineOutlined />}>
      {translate('olympus.trash.open')}
    </Button>
  );
}
