// Words of the built-in charts through i18n: titles and series of the known charts, bedroom counts,
// and the server's "Not set" placeholder. Data values (statuses, types, cities) stay as stored.
import { useTranslate } from 'ra-core';
import type { ChartData } from '../types';

const TITLES: Record<string, string> = {
  units_by_status: 'olympus.reports.chart.units_by_status',
  units_by_type: 'olympus.reports.chart.units_by_type',
  bedroom_mix: 'olympus.reports.chart.bedroom_mix',
  properties_by_city: 'olympus.reports.chart.properties_by_city',
};
const SERIES: Record<string, string> = {
  units: 'olympus.reports.series.units',
  properties: 'olympus.reports.series.properties',
};
/** The server's label for a missing value (server/reports/portfolio.ts NOT_SET). */
export const NOT_SET = 'Not set';

export interface ChartLabels {
  title(chart: ChartData): string;
  series(key: string, fallback: string): string;
  value(label: string): string;
  bedrooms(key: string): string;
}

export function useChartLabels(): ChartLabels {
  const translate = useTranslate();
  const value = (label: string) => (label === NOT_SET ? translate('olympus.reports.not_set') : label);
  return {
    title: (chart) => (TITLES[chart.id] ? translate(TITLES[chart.id]) : chart.title),
    series: (key, fallback) => (SERIES[key] ? translate(SERIES[key]) : value(fallback)),
    value,
    bedrooms(key) {
      if (!/^\d+$/.test(key)) return value(key);
      const count = Number(key);
      return count === 0
        ? translate('olympus.reports.bedrooms.studio')
        : translate('olympus.reports.bedrooms.count', { smart_count: count });
    },
  };
}
