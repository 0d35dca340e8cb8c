// The Reports page's data: the report list and, when a Power BI report is among them, the Power BI
// client — the page shows "Loading Reports..." until both are ready.
import { useCallback, useEffect, useState } from 'react';
import { fetchReportList } from './reportsApi';
import { loadPowerBi, type PowerBiModule } from './powerbiClient';
import type { ReportEntry } from './types';

export type ReportsState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string | null }
  /** pbi: the Power BI client, null when none is needed or it failed to load (pbiFailed). */
  | { kind: 'ready'; reports: ReportEntry[]; pbi: PowerBiModule | null; pbiFailed: boolean };

const needsPowerBi = (reports: ReportEntry[]) => reports.some((r) => r.provider === 'powerbi' && !r.error);

export function useReports(): { state: ReportsState; reload(): void } {
  const [state, setState] = useState<ReportsState>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ kind: 'loading' });
    void (async () => {
      const list = await fetchReportList();
      if (!list.ok) {
        if (!cancelled) setState({ kind: 'failed', message: list.message });
        return;
      }
      let pbi: PowerBiModule | null = null;
      let pbiFailed = false;
      if (needsPowerBi(list.reports)) {
        try {
          pbi = await loadPowerBi();
        } catch (err) {
          console.error('powerbi-client failed to load', err);
          pbiFailed = true;
        }
      }
      if (!cancelled) setState({ kind: 'ready', reports: list.reports, pbi, pbiFailed });
    })();
    return () => {
      cancelled = true;
    };
  }, [generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { state, reload };
}
