// The list header: a back link, the page title with the optional "Company: {name}" line, and
// the list's buttons (create, export, and any the resource adds).
import type { ReactNode } from 'react';
import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { authStore, useStoreState } from '../../providers/store';

export interface BackLink {
  to: string;
  /** i18n key */
  label: string;
  /** i18n key of the page it leads to, as `%{page}` in the label ("Back to %{page}"). */
  page?: string;
}

export interface ListHeaderProps {
  /** i18n key of the page title. */
  title: string;
  back: BackLink;
  /** Show the current company under the title (lists of the X-Tenant company). */
  showCompany: boolean;
  actions: ReactNode;
}

export function ListHeader({ title, back, showCompany, actions }: ListHeaderProps) {
  const translate = useTranslate();
  const companyName = useStoreState(authStore, (s) => s.currentCompanyName);
  return (
    <Box sx={{ mb: 2 }}>
      <Title title={title} />
      <MuiLink
        component={Link}
        to={back.to}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, fontSize: 14 }}
      >
        <ArrowBack fontSize="inherit" />
        {translate(back.label, back.page ? { page: translate(back.page) } : undefined)}
      </MuiLink>
      {/* The buttons go under the title, and onto more lines, when the row has no room for them. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: { xs: 'flex-start', sm: 'flex-end' },
        }}
      >
        <Box>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {translate(title)}
          </Typography>
          {showCompany && companyName && (
            <Typography variant="subtitle2" color="text.secondary">
              {translate('olympus.lists.company_line', { name: companyName })}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {actions}
        </Stack>
      </Stack>
    </Box>
  );
}
