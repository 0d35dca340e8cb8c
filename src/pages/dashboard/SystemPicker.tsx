// The system picker: at most two systems (first, an "or" divider, second), never Olympus itself;
// without any, a notice with the support contact.
import { Fragment, useState } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { OLYMPUS_SYSTEM } from '../../../contract/roles';
import type { SystemRef } from '../../../contract/types';
import { openSystem } from '../../routing/systemRedirect';
import { SystemCard } from './SystemCard';
import { WithSupportLink } from './WithSupportLink';

export const MAX_SYSTEM_CARDS = 2;

export function pickableSystems(systems: readonly SystemRef[] | undefined): SystemRef[] {
  return (systems ?? [])
    .filter((s) => s.name.toLowerCase() !== OLYMPUS_SYSTEM.toLowerCase())
    .slice(0, MAX_SYSTEM_CARDS);
}

export function SystemPicker({ systems }: { systems: readonly SystemRef[] | undefined }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [redirecting, setRedirecting] = useState<string | null>(null);
  const shown = pickableSystems(systems);

  const onOpen = async (system: SystemRef) => {
    setRedirecting(system.uuid);
    if (await openSystem(system)) return; // the browser is leaving; stay in the redirecting state
    setRedirecting(null);
    notify(translate('olympus.systems.redirect_failed', { system: system.name }), { type: 'error' });
  };

  if (shown.length === 0) {
    return (
      <Alert severity="info" variant="outlined">
        <WithSupportLink messageKey="olympus.dashboard.no_systems" />
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        {translate('olympus.dashboard.select_system')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        {shown.map((system, i) => (
          <Fragment key={system.uuid}>
            {i > 0 && (
              <Box
                sx={{
                  alignSelf: 'center',
                  flexShrink: 0,
                  width: 44,
                  height: 44,
                  borderRadius: '50%',
                  border: 1,
                  borderColor: 'divider',
                  bgcolor: 'background.paper',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                  {translate('olympus.dashboard.or')}
                </Typography>
              </Box>
            )}
            <SystemCard
              system={system}
              redirecting={redirecting === system.uuid}
              disabled={redirecting !== null}
              onOpen={onOpen}
            />
          </Fragment>
        ))}
      </Stack>
    </Stack>
  );
}
