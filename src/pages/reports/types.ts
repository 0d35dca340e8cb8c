// Report shapes live in the contract, shared with the server.
export type {
  BarChartData,
  ChartData,
  PieChartData,
  PortfolioData,
  PortfolioTotals,
  ReportEntry,
  ReportProvider,
} from '../../../contract/reports';
