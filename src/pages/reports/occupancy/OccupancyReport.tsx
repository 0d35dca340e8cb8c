// The built-in Occupancy report on the Reports page (docs/resources.md "Occupancy"): an "As at" day,
// the totals that day as cards, occupancy % by month over the last 12 months, a sortable table per
// property with CSV export, and the units void today, longest first, each linking to the unit.
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link as MuiLink,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import Download from '@mui/icons-material/Download';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { daysBetween, todayUtc } from '../../../../contract/dates';
import { DATE_DISPLAY_FORMAT, DATE_FORMAT } from '../../../../contract/forms';
import type { OccupancyCounts, OccupancyData } from '../../../../contract/occupancy';
import { unitResource } from '../../../../contract/resources/units';
import { authStore, useStoreState } from '../../../../providers/store';
import { csvCell } from '../../../lists/csvExport';
import { ChartCard } from '../charts/ChartCard';
import { OccupancyChart } from './OccupancyChart';
import { fetchOccupancy, fetchSeries, fetchVoids, OccupancyError } from './occupancyApi';
import { dayLabel, percent } from './format';

type Row = OccupancyData['properties'][number];
type SortKey = 'name' | keyof OccupancyCounts;
const COUNT_KEYS = ['units', 'let', 'void', 'not_lettable', 'occupancy_pct'] as const;
/** Columns a 390 px phone leaves out so the occupancy stays in view (the totals above still count them). */
const PHONE_HIDDEN: readonly string[] = ['units', 'not_lettable'];
const T = 'olympus.reports.occupancy';

function Card1({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
          {label}
        </Typography>
        <Typography component="p" variant="h5" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
        {help && (
          <Typography variant="caption" color="text.secondary" component="p">
            {help}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The rows as a CSV file, downloaded (cells a spreadsheet would run as formulas kept as text). */
function downloadCsv(filename: string, headings: string[], rows: (string | number)[][]) {
  const cell = (v: string | number) => {
    const text = csvCell(String(v));
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const csv = [headings, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${filename}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

const messageOf = (err: unknown) => (err instanceof OccupancyError ? err.serverMessage : null);

export function OccupancyReport() {
  const translate = useTranslate();
  const company = useStoreState(authStore, (s) => s.currentCompany);
  const today = todayUtc();
  const [asAt, setAsAt] = useState(today);
  const [picked, setPicked] = useState<Dayjs | null>(() => dayjs(today));
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'name', desc: false });

  const occupancy = useQuery({
    queryKey: ['occupancy', company, asAt],
    queryFn: ({ signal }) => fetchOccupancy(asAt, signal),
    retry: false,
  });
  const series = useQuery({
    queryKey: ['occupancy-series', company, today],
    queryFn: ({ signal }) => fetchSeries(today, signal),
    retry: false,
  });
  const voids = useQuery({
    queryKey: ['voids-today', company, today],
    queryFn: ({ signal }) => fetchVoids(today, signal),
    retry: false,
  });

  const rows = useMemo(() => {
    const list = [...(occupancy.data?.properties ?? [])];
    const { key, desc } = sort;
    const value = (r: Row) => (key === 'name' ? r.name : (r[key] ?? -1));
    list.sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      const c = typeof va === 'string' ? va.localeCompare(String(vb)) : va - (vb as number);
      return (desc ? -c : c) || a.name.localeCompare(b.name);
    });
    return list;
  }, [occupancy.data, sort]);

  const current = useMemo(
    () =>
      (voids.data?.units ?? [])
        .flatMap((u) => (u.current_void_since ? [{ ...u, since: u.current_void_since }] : []))
        .sort((a, b) => a.since.localeCompare(b.since) || a.name.localeCompare(b.name)),
    [voids.data],
  );

  const none = translate(`${T}.none`);
  const heading = (key: SortKey) =>
    translate(key === 'name' ? `${T}.property` : `${T}.${key === 'occupancy_pct' ? 'occupancy' : key}`);
  const sortBy = (key: SortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'name' }));
  const exportCsv = () =>
    downloadCsv(
      `occupancy-${asAt}`,
      (['name', ...COUNT_KEYS] as SortKey[]).map(heading),
      rows.map((r) => [r.name, r.units, r.let, r.void, r.not_lettable, r.occupancy_pct ?? '']),
    );

  const totals = occupancy.data?.totals;
  return (
    <Box component="section" aria-labelledby="occupancy-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 2 }}
      >
        <Box>
          <Typography id="occupancy-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
            {translate(`${T}.title`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.intro`)}
          </Typography>
        </Box>
        <Box sx={{ width: { xs: '100%', sm: 240 } }}>
          <LocalizationProvider dateAdapter={AdapterDayjs}>
            <DatePicker
              label={translate(`${T}.as_at`)}
              value={picked}
              maxDate={dayjs(today)}
              format={DATE_DISPLAY_FORMAT}
              onChange={(next) => {
                setPicked(next);
                if (next?.isValid()) setAsAt(next.format(DATE_FORMAT));
              }}
              slotProps={{
                field: { shouldRespectLeadingZeros: true },
                textField: { id: 'occupancy-as-at', size: 'small', fullWidth: true },
              }}
            />
          </LocalizationProvider>
        </Box>
      </Stack>

      {occupancy.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(occupancy.error)
            ? translate(`${T}.failed`, { message: messageOf(occupancy.error) })
            : translate(`${T}.failed_plain`)}
        </Alert>
      )}

      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' }, mb: 3 }}
        aria-busy={occupancy.isPending}
      >
        {totals ? (
          <>
            <Card1
              label={translate(`${T}.occupancy`)}
              value={percent(totals.occupancy_pct, none)}
              help={translate(`${T}.occupancy_help`)}
            />
            <Card1 label={translate(`${T}.units`)} value={String(totals.units)} />
            <Card1 label={translate(`${T}.let`)} value={String(totals.let)} />
            <Card1 label={translate(`${T}.void`)} value={String(totals.void)} help={translate(`${T}.void_help`)} />
            <Card1
              label={translate(`${T}.not_lettable`)}
              value={String(totals.not_lettable)}
              help={translate(`${T}.not_lettable_help`)}
            />
          </>
        ) : (
          !occupancy.isError &&
          COUNT_KEYS.map((k) => (
            <Skeleton key={k} variant="rounded" height={96} aria-label={translate(`${T}.loading`)} />
          ))
        )}
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <ChartCard
          id="occupancy_by_month"
          title={translate(`${T}.chart_title`)}
          subtitle={translate(`${T}.chart_subtitle`)}
          empty={series.isSuccess && series.data.points.every((p) => p.units === 0)}
        >
          {series.data ? <OccupancyChart series={series.data} /> : <Skeleton variant="rounded" height={260} />}
        </ChartCard>

        <Card>
          <CardContent sx={{ p: 2.5 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography id="occupancy-by-property" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {translate(`${T}.by_property`)}
              </Typography>
              <Button size="small" startIcon={<Download />} onClick={exportCsv} disabled={rows.length === 0}>
                {translate(`${T}.export`)}
              </Button>
            </Stack>
            <TableContainer>
              <Table size="small" aria-labelledby="occupancy-by-property">
                <TableHead>
                  <TableRow>
                    {(['name', ...COUNT_KEYS] as SortKey[]).map((key) => (
                      <TableCell
                        key={key}
                        align={key === 'name' ? 'left' : 'right'}
                        sortDirection={sort.key === key ? (sort.desc ? 'desc' : 'asc') : false}
                        sx={{
                          px: 0.75,
                          ...(PHONE_HIDDEN.includes(key) ? { display: { xs: 'none', sm: 'table-cell' } } : {}),
                        }}
                      >
                        <TableSortLabel
                          active={sort.key === key}
                          direction={sort.key === key && sort.desc ? 'desc' : 'asc'}
                          onClick={() => sortBy(key)}
                        >
                          {heading(key)}
                        </TableSortLabel>
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.id}>
                      <TableCell sx={{ px: 0.75, wordBreak: 'break-word' }}>{r.name}</TableCell>
                      <TableCell align="right" sx={{ px: 0.75, display: { xs: 'none', sm: 'table-cell' } }}>
                        {r.units}
                      </TableCell>
                      <TableCell align="right" sx={{ px: 0.75 }}>
                        {r.let}
                      </TableCell>
                      <TableCell align="right" sx={{ px: 0.75 }}>
                        {r.void}
                      </TableCell>
                      <TableCell align="right" sx={{ px: 0.75, display: { xs: 'none', sm: 'table-cell' } }}>
                        {r.not_lettable}
                      </TableCell>
                      <TableCell align="right" sx={{ px: 0.75 }}>
                        {percent(r.occupancy_pct, none)}
                      </TableCell>
                    </TableRow>
                  ))}
                  {occupancy.isSuccess && rows.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={6}>{translate(`${T}.no_properties`)}</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          </CardContent>
        </Card>
      </Box>

      <Card sx={{ mt: 2 }}>
        <CardContent sx={{ p: 2.5 }}>
          <Typography id="occupancy-voids" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {translate(`${T}.voids_title`)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {translate(`${T}.voids_help`)}
          </Typography>
          <TableContainer>
            <Table size="small" aria-labelledby="occupancy-voids">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ px: 0.75 }}>{translate(`${T}.unit`)}</TableCell>
                  <TableCell sx={{ px: 0.75 }}>{translate(`${T}.property`)}</TableCell>
                  <TableCell sx={{ px: 0.75 }}>{translate(`${T}.void_since`)}</TableCell>
                  <TableCell align="right" sx={{ px: 0.75 }}>
                    {translate(`${T}.days`)}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {current.map((u) => (
                  <TableRow key={u.id}>
                    <TableCell sx={{ px: 0.75, wordBreak: 'break-word' }}>
                      <MuiLink component={Link} to={`/dashboard/${unitResource.spa}/${u.id}`}>
                        {u.name}
                      </MuiLink>
                    </TableCell>
                    <TableCell sx={{ px: 0.75, wordBreak: 'break-word' }}>{u.property}</TableCell>
                    <TableCell sx={{ px: 0.75 }}>{dayLabel(u.since)}</TableCell>
                    <TableCell align="right" sx={{ px: 0.75 }}>
                      {daysBetween(u.since, today) + 1}
                    </TableCell>
                  </TableRow>
                ))}
                {voids.isSuccess && current.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>{translate(`${T}.no_voids`)}</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </CardContent>
      </Card>
    </Box>
  );
}
