// Ten recovery codes, shown once after two-factor sign-in is turned on or the codes are renewed:
// a two-column list (one column on a phone) the person copies or writes down before closing it.
import { Alert, Box, Button, Stack } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';

const t = (key: string) => `olympus.account.two_factor.${key}`;

export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify(t('codes_copied'), { type: 'success' });
    } catch {
      notify(t('copy_failed'), { type: 'error' });
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{translate(t('codes_intro'))}</Alert>
      <Box
        component="ul"
        aria-label={translate(t('codes_label'))}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, max-content)' },
          columnGap: 4,
          rowGap: 0.5,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" onClick={() => void copy()}>
          {translate(t('copy_codes'))}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate(t('codes_saved'))}
        </Button>
      </Stack>
    </Stack>
  );
}
