// A bar chart from the server's generic bar data: categories × series, stacked when the data says so.
// Horizontal bars suit long category names (properties); vertical ones short ones (bedrooms).
import { BarChart } from '@mui/x-charts/BarChart';
import type { BarChartData } from '../types';
import { useChartLabels } from './labels';

export interface BarChartViewProps {
  chart: BarChartData;
  horizontal?: boolean;
  colour(key: string, index: number): string;
  /** Words a category key; defaults to the stored value. */
  category?(key: string): string;
}

const BAR_PX = 44;

export function BarChartView({ chart, horizontal = false, colour, category }: BarChartViewProps) {
  const labels = useChartLabels();
  const word = category ?? labels.value;
  // Few categories would make very thick bars: widen the gaps instead.
  const gap = chart.categories.length <= 2 ? 0.6 : 0.3;
  const band = {
    scaleType: 'band' as const,
    data: chart.categories,
    valueFormatter: (v: string) => word(v),
    categoryGapRatio: gap,
  };
  const values = { tickMinStep: 1 };
  const series = chart.series.map((s, i) => ({
    id: s.key,
    data: s.data,
    label: labels.series(s.key, s.label),
    color: colour(s.key, i),
    stack: chart.stacked ? 'total' : undefined,
  }));
  const height = horizontal ? Math.max(200, BAR_PX * chart.categories.length + (series.length > 1 ? 110 : 70)) : 280;
  return (
    <BarChart
      height={height}
      layout={horizontal ? 'horizontal' : 'vertical'}
      xAxis={[horizontal ? values : band]}
      yAxis={[horizontal ? { ...band, width: 160 } : { ...values, width: 40 }]}
      series={series}
      grid={horizontal ? { vertical: true } : { horizontal: true }}
      borderRadius={4}
      hideLegend={series.length < 2}
      slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
      margin={{ right: 16 }}
    />
  );
}
