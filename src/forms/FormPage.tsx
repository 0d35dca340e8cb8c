// The frame of every create and edit screen: a back link to the list, the title, the
// "Company: {name}" line for records of the current company, then the screen's content.
import type { ReactNode } from 'react';
import { Box, Link, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import { Title, useTranslate } from 'react-admin';
import { authStore, useStoreState } from '../../providers/store';

export interface FormPageProps {
  title: string;
  back: { to: string; label: string };
  /** Show the current company (users, properties and units belong to it). */
  companyLine?: boolean;
  children: ReactNode;
}

export function FormPage({ title, back, companyLine, children }: FormPageProps) {
  const translate = useTranslate();
  const companyName = useStoreState(authStore, (s) => s.currentCompanyName);
  return (
    <Box sx={{ maxWidth: 1040, width: '100%', mx: 'auto' }}>
      <Title title={title} />
      <Link
        component={RouterLink}
        to={back.to}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        {back.label}
      </Link>
      <Stack spacing={0.5} sx={{ mb: 3 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {companyLine && companyName && (
          <Typography color="text.secondary">
            {translate('olympus.forms.company_line', { name: companyName })}
          </Typography>
        )}
      </Stack>
      <Stack spacing={3}>{children}</Stack>
    </Box>
  );
}
