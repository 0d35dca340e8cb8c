// The loading screen: a spinner with optional text (e.g. "Redirecting to Everest...").
import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

export default function LoadingScreen({ text }: { text?: string }) {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={text || translate('olympus.loading')}
      sx={{
        minHeight: '60vh',
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden />
      {text && (
        <Typography variant="h6" component="p" color="text.secondary">
          {text}
        </Typography>
      )}
    </Box>
  );
}
