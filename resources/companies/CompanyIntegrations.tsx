// The company's integrations (GET /api/v1/company/{id}/integrations → data.integrations), each a link
// to its edit screen at /dashboard/companies/{id}/integrations/{value}/edit.
import { Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from 'react-admin';
import type { Integration } from '../../contract/types';
import { apiGet, isSuccess } from '../../providers/httpClient';

/** A failed list reads as empty. */
export async function loadIntegrations(companyId: string): Promise<Integration[]> {
  const res = await apiGet<{ integrations?: Integration[] }>(
    `/api/v1/company/${encodeURIComponent(companyId)}/integrations`,
  );
  const list = isSuccess(res) ? res.data?.integrations : undefined;
  if (!Array.isArray(list)) {
    console.error('integrations failed', res?.status);
    return [];
  }
  return list.filter((i) => i && typeof i.value === 'string');
}

export const integrationEditPath = (companyId: string, integration: string) =>
  `/dashboard/companies/${encodeURIComponent(companyId)}/integrations/${encodeURIComponent(integration)}/edit`;

export function CompanyIntegrations({ companyId }: { companyId: string }) {
  const translate = useTranslate();
  const { data, isPending } = useQuery({
    queryKey: ['olympus.integrations', companyId],
    queryFn: () => loadIntegrations(companyId),
    retry: false,
    refetchOnWindowFocus: false,
  });
  return (
    <Card component="section" variant="outlined" aria-labelledby="company-integrations">
      <CardContent>
        <Typography variant="h6" component="h2" id="company-integrations" sx={{ mb: 1.5 }}>
          {translate('olympus.forms.company.integrations')}
        </Typography>
        {isPending ? (
          <CircularProgress size={24} aria-label={translate('olympus.forms.loading')} />
        ) : data && data.length > 0 ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {data.map((i) => (
              <Button
                key={i.value}
                component={RouterLink}
                to={integrationEditPath(companyId, i.value)}
                variant="outlined"
                startIcon={<SettingsOutlined />}
              >
                {i.label}
              </Button>
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{translate('olympus.forms.company.no_integrations')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
