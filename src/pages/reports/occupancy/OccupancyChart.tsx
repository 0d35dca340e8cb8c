// Occupancy % by month as a line (MUI X Charts, as the other built-in charts), with the same numbers
// as a visually hidden table: the text alternative a screen reader reads.
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'ra-core';
import type { OccupancySeries } from '../../../../contract/occupancy';
import { monthLabel, percent } from './format';

export function OccupancyChart({ series }: { series: OccupancySeries }) {
  const translate = useTranslate();
  const months = series.points.map((p) => monthLabel(p.as_at));
  return (
    <>
      <Box>
        <LineChart
          height={260}
          xAxis={[{ scaleType: 'point', data: months }]}
          yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
          series={[
            {
              id: 'occupancy',
              label: translate('olympus.reports.occupancy.occupancy'),
              data: series.points.map((p) => p.occupancy_pct),
              valueFormatter: (v: number | null) => percent(v, translate('olympus.reports.occupancy.none')),
              connectNulls: false,
            },
          ]}
          hideLegend
          margin={{ left: 8, right: 16 }}
        />
      </Box>
      <Table size="small" sx={visuallyHidden} aria-label={translate('olympus.reports.occupancy.chart_alt')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('olympus.reports.occupancy.month')}</TableCell>
            <TableCell>{translate('olympus.reports.occupancy.occupancy')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {series.points.map((p, i) => (
            <TableRow key={p.as_at}>
              <TableCell>{months[i]}</TableCell>
              <TableCell>{percent(p.occupancy_pct, translate('olympus.reports.occupancy.none'))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
