// The shapes of GET /api/v1/reports (`data.urls`) and of a built-in report's data endpoint:
// the server builds them (server/reports), the SPA draws them (src/pages/reports).
export type ReportProvider = 'builtin' | 'powerbi';

/** One entry of `data.urls`: what the report's viewer needs, or why it cannot be shown. */
export interface ReportEntry {
  id: string;
  name: string;
  provider: ReportProvider;
  url: string;
  token: string;
  expires_at: string | null;
  error?: string;
}

export interface BarChartData {
  id: string;
  type: 'bar';
  title: string;
  stacked: boolean;
  categories: string[];
  series: { key: string; label: string; data: number[] }[];
}

export interface PieChartData {
  id: string;
  type: 'pie';
  title: string;
  slices: { key: string; label: string; value: number }[];
}

export type ChartData = BarChartData | PieChartData;

export interface PortfolioTotals {
  properties: number;
  units: number;
  let_units: number;
  occupancy: number | null;
}

export interface PortfolioData {
  title: string;
  company: { id: string; name: string };
  generated_at: string;
  totals: PortfolioTotals;
  charts: ChartData[];
}
