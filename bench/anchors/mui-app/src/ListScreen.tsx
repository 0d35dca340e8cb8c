// A list screen by hand: search box (250 ms debounce), sortable table, pagination in ?page=N, edit links.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { choices, getPage, type Row } from './api';
import type { ResourceDef } from './resources';

const PER_PAGE = 20;

export function ListScreen({ def }: { def: ResourceDef }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<{ field: string; order: 'asc' | 'desc' }>({ field: 'name', order: 'asc' });
  const [result, setResult] = useState<{ data: Row[]; total: number } | null>(null);
  const [refs, setRefs] = useState<Record<string, string>>({});

  useEffect(() => {
    const ctl = new AbortController();
    const t = setTimeout(
      () => {
        getPage(def.name, { page, perPage: PER_PAGE, sort: sort.field, order: sort.order, q }, ctl.signal)
          .then((b) => setResult({ data: b.data, total: b.meta.total }))
          .catch(() => {});
      },
      q ? 250 : 0,
    );
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [def.name, page, q, sort]);

  useEffect(() => {
    if (!def.listReference) return;
    choices(def.listReference)
      .then((rows) => setRefs(Object.fromEntries(rows.map((r) => [r.id, String(r.name)]))))
      .catch(() => {});
  }, [def.listReference]);

  const toggle = (field: string) =>
    setSort((s) => ({ field, order: s.field === field && s.order === 'asc' ? 'desc' : 'asc' }));
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h5" sx={{ flexGrow: 1 }}>
          {def.label}
        </Typography>
        <TextField
          size="small"
          type="search"
          label="Search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            if (page > 1) setParams({});
          }}
          slotProps={{ htmlInput: { name: 'q' } }}
        />
        <Button component={RouterLink} to={`/${def.name}/create`} variant="contained">
          Create
        </Button>
      </Stack>
      <TableContainer component={Paper}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {def.columns.map((c) => (
                <TableCell key={c.source} align={c.numeric ? 'right' : 'left'}>
                  {c.sortable ? (
                    <TableSortLabel
                      active={sort.field === c.source}
                      direction={sort.field === c.source ? sort.order : 'asc'}
                      onClick={() => toggle(c.source)}
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {result?.data.map((row) => (
              <TableRow key={row.id} hover>
                {def.columns.map((c) => (
                  <TableCell key={c.source} align={c.numeric ? 'right' : 'left'}>
                    {c.render ? c.render(row, refs) : String(row[c.source] ?? '')}
                  </TableCell>
                ))}
                <TableCell>
                  <Button component={RouterLink} to={`/${def.name}/${row.id}`} size="small">
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={result?.total ?? 0}
          page={result ? page - 1 : 0}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          onPageChange={(_, p) => setParams(p ? { page: String(p + 1) } : {})}
        />
      </TableContainer>
    </Box>
  );
}
