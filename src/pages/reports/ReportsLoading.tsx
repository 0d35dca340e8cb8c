// "Loading Reports..." until the report list (and the embedding script it needs) is ready.
import { CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

export function ReportsLoading() {
  const translate = useTranslate();
  return (
    <Stack
      role="status"
      aria-live="polite"
      spacing={2}
      sx={{ minHeight: '50vh', alignItems: 'center', justifyContent: 'center' }}
    >
      <CircularProgress aria-hidden />
      <Typography variant="h6" component="p" color="text.secondary">
        {translate('olympus.reports.loading')}
      </Typography>
    </Stack>
  );
}
