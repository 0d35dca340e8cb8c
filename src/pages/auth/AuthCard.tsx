// The shared frame of every sign-in and password screen: a centred card with the logo on a subtle
// background. The admin's AdminUI (which renders react-admin's <Notification>) is not mounted on these
// outer routes, so the card renders its own; notifications are taken from the queue once, never twice.
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Notification, useTranslate } from 'react-admin';

export interface AuthCardProps {
  /** Already translated heading; omitted on the landing page. */
  title?: string;
  children: ReactNode;
}

export default function AuthCard({ title, children }: AuthCardProps) {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
        backgroundImage: `radial-gradient(circle at 20% 0%, ${alpha(theme.palette.primary.main, 0.12)}, transparent 60%), radial-gradient(circle at 100% 100%, ${alpha(theme.palette.secondary.main, 0.08)}, transparent 50%)`,
      })}
    >
      <Card elevation={3} sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={3}>
            <Box sx={{ textAlign: 'center' }}>
              <Box
                component="img"
                src="/olympus.svg"
                alt={translate('olympus.auth.logo_alt')}
                sx={{ height: 64, maxWidth: '100%' }}
              />
            </Box>
            {title && (
              <Typography component="h1" variant="h5" align="center">
                {title}
              </Typography>
            )}
            {children}
          </Stack>
        </CardContent>
      </Card>
      <Notification />
    </Box>
  );
}
