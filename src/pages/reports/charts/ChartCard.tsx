// A titled panel around one chart: a figure named by its title, so the chart is findable and
// announced by what it shows.
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';

export interface ChartCardProps {
  id: string;
  title: string;
  subtitle?: string;
  empty?: boolean;
  children: ReactNode;
}

export function ChartCard({ id, title, subtitle, empty, children }: ChartCardProps) {
  const translate = useTranslate();
  const titleId = `chart-title-${id}`;
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2 } }}>
        <Box component="figure" role="figure" aria-labelledby={titleId} data-chart={id} sx={{ m: 0 }}>
          <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="caption" color="text.secondary">
              {subtitle}
            </Typography>
          )}
          <Box sx={{ mt: 1 }}>
            {empty ? (
              <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
                {translate('olympus.reports.chart.no_data')}
              </Typography>
            ) : (
              children
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
