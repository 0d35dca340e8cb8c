// The compliance screen (/dashboard/compliance): the current company's required certificates counted by status,
// each count leading to the certificate list of that status (missing: this matrix filtered to it), the compliance
// percentage, and the matrix of properties × required types — each cell its status chip and expiry, opening the
// certificate or, when missing, a new one with property and type filled in. Cards instead of the matrix on a phone.
import { useId, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link as MuiLink,
  LinearProgress,
  MenuItem,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { Title } from 'react-admin';
import { Link, useSearchParams } from 'react-router';
import {
  CERTIFICATE_TYPE_KEYS,
  PAIR_STATUSES,
  type ComplianceCell,
  type ComplianceRow,
  type PairStatus,
} from '../../../contract/compliance';
import { authStore, useStoreState } from '../../../providers/store';
import { PageSection, loadState } from '../../layout/PageSection';
import { dateText } from '../../lists/dateText';
import { useIsPhone } from '../../lists/useIsPhone';
import { fetchMatrix, fetchSummary, type ComplianceSummary } from './complianceApi';
import { cellPath, PairChip, SHOWN_STATUSES, statusPath, useStatusWord, useTypeLabel } from './pairs';

export const MATRIX_PER_PAGE = 25;

const isPairStatus = (v: string | null): v is PairStatus => PAIR_STATUSES.includes(v as PairStatus);

function Counts({ summary }: { summary: ComplianceSummary }) {
  const translate = useTranslate();
  const word = useStatusWord();
  const pct = summary.compliance_pct;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(6, minmax(0, 1fr))',
        },
      }}
    >
      <Card variant="outlined" sx={{ gridColumn: { xs: 'span 2', sm: 'span 3', md: 'span 1' } }}>
        <CardContent>
          <Typography color="text.secondary" variant="body2">
            {translate('olympus.compliance.pct')}
          </Typography>
          <Typography component="p" variant="h4" sx={{ fontWeight: 700 }}>
            {pct === null ? '—' : `${pct}%`}
          </Typography>
          {pct !== null && (
            <LinearProgress
              variant="determinate"
              value={pct}
              aria-label={translate('olympus.compliance.pct')}
              sx={{ my: 1, height: 8, borderRadius: 4 }}
            />
          )}
          <Typography variant="body2" color="text.secondary">
            {pct === null
              ? translate('olympus.compliance.pct_none')
              : translate('olympus.compliance.pct_of', { valid: summary.counts.valid, required: summary.required })}
          </Typography>
        </CardContent>
      </Card>
      {SHOWN_STATUSES.map((status) => (
        <Card key={status} variant="outlined">
          <CardContent>
            <PairChip status={status} />
            <Typography component="p" variant="h4" sx={{ fontWeight: 700, mt: 1 }}>
              {summary.counts[status]}
            </Typography>
            <MuiLink component={Link} to={statusPath(status)} variant="body2">
              {translate('olympus.compliance.show_status', { status: word(status).toLowerCase() })}
            </MuiLink>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** A cell: the chip and the expiry, the whole a link; its name goes on, for screen readers, with type and property. */
function Cell({ cell, row }: { cell: ComplianceCell; row: ComplianceRow }) {
  const translate = useTranslate();
  const typeLabel = useTypeLabel();
  const more = translate(
    cell.certificate_id ? 'olympus.compliance.open_certificate' : 'olympus.compliance.add_certificate',
    {
      type: typeLabel(cell.type),
      property: row.property,
    },
  );
  return (
    <MuiLink
      component={Link}
      to={cellPath(cell, row.property_id)}
      underline="hover"
      sx={{
        display: 'inline-flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: 0.5,
        color: 'text.primary',
      }}
    >
      <PairChip status={cell.status} />
      {cell.expires_on && (
        <Typography variant="body2" component="span" color="text.secondary">
          {translate('olympus.compliance.expires', { date: dateText(cell.expires_on) })}
        </Typography>
      )}
      <Box component="span" sx={visuallyHidden}>
        {more}
      </Box>
    </MuiLink>
  );
}

function MatrixTable({ rows, titleId }: { rows: ComplianceRow[]; titleId: string }) {
  const translate = useTranslate();
  const typeLabel = useTypeLabel();
  // The columns: the types the shown properties require, in their declared order.
  const types = CERTIFICATE_TYPE_KEYS.filter((t) => rows.some((r) => r.cells.some((c) => c.type === t)));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={titleId}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {translate('olympus.compliance.property')}
            </TableCell>
            {types.map((t) => (
              <TableCell key={t} component="th" scope="col">
                {typeLabel(t)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.property_id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {row.property}
              </TableCell>
              {types.map((t) => {
                const cell = row.cells.find((c) => c.type === t);
                return (
                  <TableCell key={t}>
                    {cell ? (
                      <Cell cell={cell} row={row} />
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {translate('olympus.compliance.not_required')}
                      </Typography>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function MatrixCards({ rows }: { rows: ComplianceRow[] }) {
  const translate = useTranslate();
  const typeLabel = useTypeLabel();
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <Card key={row.property_id} variant="outlined" component="li">
          <CardContent>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {row.property}
            </Typography>
            {row.cells.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {translate('olympus.compliance.no_required')}
              </Typography>
            )}
            <Stack component="dl" spacing={1} sx={{ m: 0 }}>
              {row.cells.map((cell) => (
                <Box key={cell.type}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {typeLabel(cell.type)}
                  </Typography>
                  <Box component="dd" sx={{ m: 0 }}>
                    <Cell cell={cell} row={row} />
                  </Box>
                </Box>
              ))}
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function Matrix() {
  const translate = useTranslate();
  const word = useStatusWord();
  const phone = useIsPhone();
  const titleId = useId();
  const company = useStoreState(authStore, (s) => s.currentCompany);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const rawStatus = params.get('status');
  const status = isPairStatus(rawStatus) ? rawStatus : null;
  const matrix = useQuery({
    queryKey: ['compliance', 'matrix', company, page, q, status],
    queryFn: ({ signal }) => fetchMatrix({ page, perPage: MATRIX_PER_PAGE, q, status }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        for (const [k, v] of Object.entries(changes))
          if (v) next.set(k, v);
          else next.delete(k);
        return next;
      },
      { replace: true },
    );
  const pages = matrix.data ? Math.ceil(matrix.data.meta.total / MATRIX_PER_PAGE) : 0;
  const rows = matrix.data?.data ?? [];
  return (
    <PageSection
      title={translate('olympus.compliance.matrix')}
      titleId={titleId}
      action={
        <Button component={Link} to="/dashboard/certificate" variant="outlined" size="small">
          {translate('olympus.compliance.certificates')}
        </Button>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          size="small"
          type="search"
          label={translate('olympus.compliance.search')}
          defaultValue={q}
          onChange={(e) => set({ q: e.target.value || null, page: null })}
          sx={{ minWidth: { sm: 260 } }}
        />
        <TextField
          select
          size="small"
          label={translate('olympus.compliance.status_filter')}
          value={status ?? ''}
          onChange={(e) => set({ status: e.target.value || null, page: null })}
          sx={{ minWidth: { sm: 200 } }}
        >
          <MenuItem value="">{translate('olympus.compliance.all_statuses')}</MenuItem>
          {SHOWN_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {word(s)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {loadState(matrix, {
        loading: translate('olympus.compliance.loading'),
        failed: translate('olympus.compliance.failed'),
        retry: translate('olympus.compliance.retry'),
        onRetry: () => void matrix.refetch(),
      })}
      {matrix.data && rows.length === 0 && (
        <Alert severity="info">{translate('olympus.compliance.no_properties')}</Alert>
      )}
      {rows.length > 0 && (phone ? <MatrixCards rows={rows} /> : <MatrixTable rows={rows} titleId={titleId} />)}
      {pages > 1 && (
        <Box component="nav" aria-label={translate('olympus.compliance.page_label')} sx={{ mt: 2 }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            siblingCount={phone ? 0 : 1}
            onChange={(_, p) => set({ page: p > 1 ? String(p) : null })}
          />
        </Box>
      )}
    </PageSection>
  );
}

export default function CompliancePage() {
  const translate = useTranslate();
  const company = useStoreState(authStore, (s) => s.currentCompany);
  const summary = useQuery({
    queryKey: ['compliance', 'summary', company],
    queryFn: ({ signal }) => fetchSummary(signal),
    retry: false,
  });
  let head: ReactNode = loadState(summary, {
    loading: translate('olympus.compliance.loading'),
    failed: translate('olympus.compliance.failed'),
    retry: translate('olympus.compliance.retry'),
    onRetry: () => void summary.refetch(),
  });
  if (summary.data) head = <Counts summary={summary.data} />;
  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto' }}>
      <Title title="olympus.compliance.title" />
      <Stack spacing={3}>
        <Box component="section" aria-label={translate('olympus.compliance.counts_label')}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('olympus.compliance.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('olympus.compliance.intro')}
          </Typography>
          {head}
        </Box>
        <Matrix />
      </Stack>
    </Box>
  );
}
