// The plain anchor: the same units screen with MUI components and react-router, no admin framework.
import { useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useSearchParams } from 'react-router';
import {
  AppBar, Box, CssBaseline, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TextField, Toolbar, Typography,
} from '@mui/material';

interface Unit {
  id: string;
  name: string;
  unit_type: string | null;
  property: { name: string } | null;
  bedrooms: number | null;
  bathrooms: number | null;
}

const tenant = new URLSearchParams(window.location.search).get('t') ?? 'demo';
const PER_PAGE = 20;

function UnitList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const [q, setQ] = useState('');
  const [result, setResult] = useState<{ data: Unit[]; total: number } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    const t = setTimeout(() => {
      fetch(`/api/${tenant}/units?page=${page}&per_page=${PER_PAGE}&sort=name&q=${encodeURIComponent(q)}`, { signal: ctl.signal })
        .then((r) => r.json() as Promise<{ data: Unit[]; meta: { total: number } }>)
        .then((b) => setResult({ data: b.data, total: b.meta.total }))
        .catch(() => {});
    }, q ? 250 : 0);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [page, q]);
  return (
    <Box sx={{ p: 2 }}>
      <TextField size="small" label="Search" value={q} onChange={(e) => setQ(e.target.value)} sx={{ mb: 2 }} />
      <TableContainer component={Paper}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Unit type</TableCell>
              <TableCell>Property</TableCell>
              <TableCell align="right">Bedrooms</TableCell>
              <TableCell align="right">Bathrooms</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result?.data.map((u) => (
              <TableRow key={u.id} hover>
                <TableCell>{u.name}</TableCell>
                <TableCell>{u.unit_type}</TableCell>
                <TableCell>{u.property?.name}</TableCell>
                <TableCell align="right">{u.bedrooms}</TableCell>
                <TableCell align="right">{u.bathrooms}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={result?.total ?? 0}
          page={page - 1}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          onPageChange={(_, p) => setParams({ page: String(p + 1) })}
        />
      </TableContainer>
    </Box>
  );
}

export const App = () => (
  <BrowserRouter basename="/mui">
    <CssBaseline />
    <AppBar position="static">
      <Toolbar>
        <Typography variant="h6">Units</Typography>
      </Toolbar>
    </AppBar>
    <Routes>
      <Route path="/units" element={<UnitList />} />
      <Route path="*" element={<Navigate to="/units" replace />} />
    </Routes>
  </BrowserRouter>
);
