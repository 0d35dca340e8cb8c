// The fixed footer: the logo linking to the dashboard.
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Logo } from './Logo';

export const FOOTER_HEIGHT = 44;

export function Footer() {
  const translate = useTranslate();
  return (
    <Box
      component="footer"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        height: FOOTER_HEIGHT,
        px: 2,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        zIndex: (theme) => theme.zIndex.appBar,
      }}
    >
      <Logo height={22} />
      <Typography variant="caption" color="text.secondary">
        {translate('olympus.footer.copyright', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
}
