// The Olympus logo (public/olympus.svg) as a link to the dashboard — header and footer.
import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from 'ra-core';
import { HOME_PATH } from './navItems';

export const LOGO_SRC = `${import.meta.env.BASE_URL}olympus.svg`;

/** `markOnlyOnPhones` crops the wordmark away on narrow screens, leaving the mark. */
export function Logo({ height = 32, markOnlyOnPhones = false }: { height?: number; markOnlyOnPhones?: boolean }) {
  const translate = useTranslate();
  // The mark fills the left 56 units of the 212×56 viewBox: it is as wide as the image is high.
  const markWidth = height + 1;
  return (
    <Link
      component={RouterLink}
      to={HOME_PATH}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        lineHeight: 0,
        overflow: 'hidden',
        width: markOnlyOnPhones ? { xs: markWidth, sm: 'auto' } : 'auto',
      }}
    >
      <Box
        component="img"
        src={LOGO_SRC}
        alt={translate('olympus.logo_alt')}
        sx={{ height, width: 'auto', display: 'block' }}
      />
    </Link>
  );
}
