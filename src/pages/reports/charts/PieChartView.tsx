// A donut of the server's pie data, each slice labelled with its share when there is room.
import { PieChart, pieClasses } from '@mui/x-charts/PieChart';
import type { PieChartData } from '../types';
import { useChartLabels } from './labels';
import { paletteColour } from './palette';

export function PieChartView({ chart }: { chart: PieChartData }) {
  const labels = useChartLabels();
  const total = chart.slices.reduce((sum, s) => sum + s.value, 0);
  const data = chart.slices.map((s, i) => ({
    id: s.key,
    value: s.value,
    label: labels.value(s.label),
    color: paletteColour(i),
  }));
  return (
    <PieChart
      height={260}
      series={[
        {
          data,
          innerRadius: 58,
          outerRadius: 104,
          paddingAngle: 1.5,
          cornerRadius: 4,
          arcLabel: (item) => (total ? `${Math.round((item.value / total) * 100)}%` : ''),
          arcLabelMinAngle: 24,
          highlightScope: { fade: 'global', highlight: 'item' },
        },
      ]}
      slotProps={{ legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
      sx={{ [`& .${pieClasses.arcLabel}`]: { fill: '#fff', fontWeight: 600, fontSize: 12 } }}
    />
  );
}
