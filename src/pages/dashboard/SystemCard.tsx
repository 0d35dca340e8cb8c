// A connected system on the dashboard: idle → redirecting (disabled, "Redirecting to
// {system}...") → the browser leaves for the URL the API returns.
import { Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { useTranslate } from 'ra-core';
import type { SystemRef } from '../../../contract/types';

export interface SystemCardProps {
  system: SystemRef;
  redirecting: boolean;
  disabled: boolean;
  onOpen: (system: SystemRef) => void;
}

export function SystemCard({ system, redirecting, disabled, onOpen }: SystemCardProps) {
  const translate = useTranslate();
  return (
    <Card
      sx={{
        flex: 1,
        minWidth: 0,
        maxWidth: { md: 460 },
        transition: 'box-shadow .2s',
        '&:hover': { boxShadow: disabled ? 0 : 3 },
      }}
    >
      <CardActionArea onClick={() => onOpen(system)} disabled={disabled} sx={{ height: '100%' }}>
        <CardContent sx={{ p: 3 }}>
          <Typography component="h2" variant="h5" gutterBottom>
            {system.name}
          </Typography>
          {system.description && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {system.description}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ color: 'primary.main', alignItems: 'center' }}>
            <Typography variant="button" sx={{ textTransform: 'none', fontWeight: 600 }}>
              {translate(redirecting ? 'olympus.systems.redirecting' : 'olympus.dashboard.open_system', {
                system: system.name,
              })}
            </Typography>
            {!redirecting && <ArrowForward fontSize="small" />}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
