// The plain anchor: the same four resources as the react-admin anchor (list with search,
// sort, paging and a reference; edit; create) by hand with MUI 9 components and react-router 7.
import { BrowserRouter, Link as RouterLink, Navigate, Route, Routes } from 'react-router';
import { AppBar, Button, CssBaseline, Toolbar, Typography } from '@mui/material';
import { tenant } from './api';
import { FormScreen } from './FormScreen';
import { ListScreen } from './ListScreen';
import { RESOURCES } from './resources';

export const App = () => (
  <BrowserRouter basename="/mui">
    <CssBaseline />
    <AppBar position="static">
      <Toolbar>
        <Typography variant="h6" sx={{ mr: 2 }}>
          Anchor
        </Typography>
        {RESOURCES.map((r) => (
          <Button key={r.name} color="inherit" component={RouterLink} to={`/${r.name}?t=${tenant}`}>
            {r.label}
          </Button>
        ))}
      </Toolbar>
    </AppBar>
    <Routes>
      {RESOURCES.map((r) => [
        <Route key={`${r.name}-list`} path={`/${r.name}`} element={<ListScreen key={r.name} def={r} />} />,
        <Route
          key={`${r.name}-create`}
          path={`/${r.name}/create`}
          element={<FormScreen key={`${r.name}-create`} def={r} />}
        />,
        <Route
          key={`${r.name}-edit`}
          path={`/${r.name}/:id`}
          element={<FormScreen key={`${r.name}-edit`} def={r} />}
        />,
      ])}
      <Route path="*" element={<Navigate to="/units" replace />} />
    </Routes>
  </BrowserRouter>
);
