// The signed-in person's name in the header, linking to their account page (/dashboard/account). On
// phones only an icon shows (the header has no room for a name); its accessible name still says
// whose account it opens.
import { Button, IconButton, Tooltip } from '@mui/material';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from 'ra-core';
import { DASHBOARD_PATH } from '../routing/guardDecision';
import { useSessionUser } from './useSessionUser';

export const ACCOUNT_PATH = `${DASHBOARD_PATH}/account`;

export function AccountLink() {
  const translate = useTranslate();
  const user = useSessionUser();
  if (!user) return null;
  const label = `${translate('olympus.account.header_link')}: ${user.name}`;
  return (
    <>
      <Button
        component={RouterLink}
        to={ACCOUNT_PATH}
        color="inherit"
        size="small"
        startIcon={<AccountCircleOutlined />}
        title={translate('olympus.account.header_link')}
        sx={{
          display: { xs: 'none', md: 'inline-flex' },
          maxWidth: 220,
          minWidth: 0,
          '& .name': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
      >
        <span className="name">{user.name}</span>
      </Button>
      <Tooltip title={label}>
        <IconButton
          component={RouterLink}
          to={ACCOUNT_PATH}
          color="inherit"
          size="small"
          aria-label={label}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <AccountCircleOutlined />
        </IconButton>
      </Tooltip>
    </>
  );
}
