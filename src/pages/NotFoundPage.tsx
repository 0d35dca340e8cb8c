// The not-found page. Inside the admin it fills the content area; outside /dashboard (any other
// path) it stands alone on the page.
import { Box, Button, Paper, Typography } from '@mui/material';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Link } from 'react-router';
import { useTranslate } from 'ra-core';
import { Logo } from '../layout/Logo';
import { HOME_PATH } from '../layout/navItems';

function NotFoundContent() {
  const translate = useTranslate();
  return (
    <Box
      sx={{ textAlign: 'center', py: 6, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
    >
      <SearchOffOutlined sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography component="h1" variant="h5">
        {translate('olympus.not_found.message')}
      </Typography>
      <Button component={Link} to={HOME_PATH} variant="contained">
        {translate('olympus.not_found.go_to_dashboard')}
      </Button>
    </Box>
  );
}

export default function NotFoundPage() {
  return <NotFoundContent />;
}

export function StandaloneNotFoundPage() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <Logo height={48} />
        <NotFoundContent />
      </Paper>
    </Box>
  );
}
