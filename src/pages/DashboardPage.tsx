// The dashboard: a greeting, the user's Olympus role (or a support notice), what needs attention in the company's
// compliance (only for those who may read it), and the system picker.
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { mayOpenSystems } from '../../contract/access';
import { useSessionUser } from '../layout/useSessionUser';
import { NeedsAttention } from './dashboard/NeedsAttention';
import { SystemPicker } from './dashboard/SystemPicker';
import { WithSupportLink } from './dashboard/WithSupportLink';

export default function DashboardPage() {
  const translate = useTranslate();
  const user = useSessionUser();
  const role = user?.olympusRole;
  return (
    <Box sx={{ maxWidth: 960, width: '100%', mx: 'auto' }}>
      <Title title="olympus.dashboard.title" />
      <Stack spacing={3}>
        <Card>
          <CardContent sx={{ p: 3 }}>
            <Typography component="h1" variant="h4" gutterBottom sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
              {translate('olympus.dashboard.welcome', { name: user?.name ?? '' })}
            </Typography>
            {role ? (
              <Typography color="text.secondary">
                {translate('olympus.dashboard.role', { role: role.label })}
              </Typography>
            ) : (
              <Alert severity="warning" variant="outlined">
                <WithSupportLink messageKey="olympus.dashboard.no_role" />
              </Alert>
            )}
          </CardContent>
        </Card>
        <NeedsAttention />
        {/* Without the hand-off permission the API refuses every system: offer none (the no-systems notice). */}
        <SystemPicker
          systems={mayOpenSystems({ role: role?.name, permissions: role?.permissions }) ? user?.systems : []}
        />
      </Stack>
    </Box>
  );
}
