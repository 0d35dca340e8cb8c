// A MUI link that navigates inside the SPA through react-router.
import type { ReactNode } from 'react';
import { Link } from '@mui/material';
import { Link as RRLink } from 'react-router';

export default function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RRLink} to={to} variant="body2" underline="hover">
      {children}
    </Link>
  );
}
