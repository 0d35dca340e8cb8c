// The built-in report's charts in a dashboard grid: status per property and type mix on top,
// bedroom mix and cities below. Unknown chart ids (a newer server) still render by their type.
import { Box } from '@mui/material';
import type { BarChartData, ChartData } from '../types';
import { BarChartView } from './BarChartView';
import { ChartCard } from './ChartCard';
import { useChartLabels } from './labels';
import { paletteColour, statusColour } from './palette';
import { PieChartView } from './PieChartView';

/** Grid columns (of 12) per chart on wide screens. */
const SPAN: Record<string, number> = { units_by_status: 7, units_by_type: 5, bedroom_mix: 6, properties_by_city: 6 };

function isEmpty(chart: ChartData): boolean {
  if (chart.type === 'pie') return chart.slices.every((s) => s.value === 0);
  return chart.categories.length === 0 || chart.series.every((s) => s.data.every((v) => v === 0));
}

function Bar({ chart }: { chart: BarChartData }) {
  const labels = useChartLabels();
  switch (chart.id) {
    case 'units_by_status':
      return <BarChartView chart={chart} horizontal colour={statusColour} />;
    case 'bedroom_mix':
      return <BarChartView chart={chart} colour={() => paletteColour(0)} category={labels.bedrooms} />;
    case 'properties_by_city':
      return <BarChartView chart={chart} horizontal colour={() => paletteColour(1)} />;
    default:
      return <BarChartView chart={chart} colour={(_, i) => paletteColour(i)} />;
  }
}

export function PortfolioCharts({ charts }: { charts: ChartData[] }) {
  const labels = useChartLabels();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(12, 1fr)' } }}>
      {charts.map((chart) => (
        <Box key={chart.id} sx={{ gridColumn: { md: `span ${SPAN[chart.id] ?? 6}` }, minWidth: 0 }}>
          <ChartCard id={chart.id} title={labels.title(chart)} empty={isEmpty(chart)}>
            {chart.type === 'pie' ? <PieChartView chart={chart} /> : <Bar chart={chart} />}
          </ChartCard>
        </Box>
      ))}
    </Box>
  );
}
