// "Manage reports" on the Reports page: opens the generated management list (/dashboard/report,
// contract/resources/reports.ts), shown only to those its screens let in (reports.manage: super_admin).
import { Button } from '@mui/material';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { Link } from 'react-router';
import { useTranslate } from 'ra-core';
import { areaOfResource, mayOpenArea } from '../../../contract/access';
import { reportResource } from '../../../contract/resources/reports';
import { viewerOf } from '../../../providers/authProvider';
import { useSessionUser } from '../../layout/useSessionUser';

export function ManageReportsButton() {
  const translate = useTranslate();
  const user = useSessionUser();
  const area = areaOfResource(reportResource.spa);
  if (!area || !mayOpenArea(area, viewerOf(user))) return null;
  return (
    <Button
      variant="outlined"
      size="small"
      component={Link}
      to={`/dashboard/${reportResource.spa}`}
      startIcon={<SettingsOutlined />}
    >
      {translate('olympus.reports.manage')}
    </Button>
  );
}
