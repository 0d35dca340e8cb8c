// The "loading" state of a form or a screen's section: a spinner and a line of text.
import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function FormLoading() {
  const translate = useTranslate();
  const text = translate('olympus.forms.loading');
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={text}
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
