// The fixed header: logo linking to the dashboard, the company dropdown and the logout button;
// and the user's name, linking to their account page.
// react-admin's AppBar keeps the sidebar toggle, the page-title portal and the loading indicator.
import { Box, Stack } from '@mui/material';
import { AppBar, LoadingIndicator, TitlePortal, useTranslate } from 'react-admin';
import { AccountLink } from './AccountLink';
import { CompanySelect } from './CompanySelect';
import { Logo } from './Logo';
import { LogoutButton } from './LogoutButton';

/** Toolbar height; the layout's content starts below it (plus the 1px border). */
export const HEADER_HEIGHT = 60;

export function Header() {
  const translate = useTranslate();
  return (
    <AppBar
      alwaysOn
      color="inherit"
      elevation={0}
      userMenu={false}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        '& .RaAppBar-toolbar': { minHeight: HEADER_HEIGHT, gap: 1 },
      }}
      toolbar={
        <Stack direction="row" spacing={{ xs: 1, sm: 1.5 }} sx={{ pr: 1, alignItems: 'center', minWidth: 0 }}>
          <CompanySelect />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            {/* Its spinner is a progressbar: named, as WCAG asks (react-admin passes the props on). */}
            <LoadingIndicator aria-label={translate('ra.page.loading')} />
          </Box>
          <AccountLink />
          <LogoutButton />
        </Stack>
      }
    >
      <Box sx={{ mx: 1 }}>
        <Logo height={34} markOnlyOnPhones />
      </Box>
      <TitlePortal variant="subtitle1" sx={{ color: 'text.secondary', ml: 1, display: { xs: 'none', sm: 'block' } }} />
    </AppBar>
  );
}
