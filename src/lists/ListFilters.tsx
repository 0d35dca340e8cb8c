// A list's declared filters (docs/resources.md "Filters"): a bar of inputs under the search box, or on
// a phone a "Filters" button opening a drawer with the same inputs. Each input is labelled by its
// field's label (resources.{spa}.fields.{key}); the values live in the address beside ?page
// (useListState), so a change asks the API for the filtered list from page 1.
import { memo, useCallback, useId, useRef, useState } from 'react';
import { Badge, Box, Button, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useListContext, useResourceContext, useTranslate } from 'ra-core';
import { paramsOf, type ResolvedFilter } from '../../contract/resources/filters';
import { apiPath } from '../../providers/dataProvider';
import { filtersOf } from '../../providers/listQuery';
import { fieldKey } from '../declared/texts';
import { FilterInput, type FilterSetter } from './FilterInput';
import type { ListFilterValues } from './useListState';
import { useIsPhone } from './useIsPhone';

const key = (f: ResolvedFilter) => paramsOf(f).join(',');

/** Whether two lists' filter values differ only in the search term (the bar shows no search term). */
function sameDeclared(a: ListFilterValues, b: ListFilterValues): boolean {
  const params = new Set([...Object.keys(a), ...Object.keys(b)]);
  params.delete('q');
  for (const p of params) {
    const x = a[p];
    const y = b[p];
    if (x === y) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length || x.some((v, i) => v !== y[i])) return false;
  }
  return true;
}

export function ListFilters() {
  const resource = useResourceContext() ?? '';
  const filters = filtersOf(apiPath(resource));
  const { filterValues, setFilters } = useListContext();
  const phone = useIsPhone();
  const values = (filterValues ?? {}) as ListFilterValues;
  // An input may hand on a value with the setter of an earlier render (a number typed, then accepted):
  // every change builds on the filters drawn now, so it never drops one chosen meanwhile. The setters
  // stay the same functions, so the bar below renders again only when a filter's value changes — not
  // on a search keystroke or a new page of rows (docs/speed.md "Rendering").
  const latest = useRef({ values, setFilters });
  latest.current = { values, setFilters };
  const set = useCallback<FilterSetter>(
    (param, value) => latest.current.setFilters({ ...latest.current.values, [param]: value }),
    [],
  );
  const clear = useCallback(() => {
    const { q } = latest.current.values;
    latest.current.setFilters(q ? { q } : {});
  }, []);
  if (filters.length === 0) return null;
  return <FilterBar resource={resource} filters={filters} values={values} set={set} clear={clear} phone={phone} />;
}

interface FilterBarProps {
  resource: string;
  filters: readonly ResolvedFilter[];
  values: ListFilterValues;
  set: FilterSetter;
  clear: () => void;
  phone: boolean;
}

const FilterBar = memo(
  function FilterBar({ resource, filters, values, set, clear, phone }: FilterBarProps) {
    const translate = useTranslate();
    const [open, setOpen] = useState(false);
    const titleId = useId();
    const active = filters.flatMap(paramsOf).filter((p) => values[p] !== undefined).length;
    const inputs = filters.map((f) => (
      <FilterInput
        key={key(f)}
        filter={f}
        label={translate(fieldKey(resource, f.key))}
        values={values}
        set={set}
        wide={phone}
      />
    ));
    const clearButton = (
      <Button onClick={clear} disabled={active === 0} size="medium">
        {translate('olympus.lists.filters.clear')}
      </Button>
    );

    if (phone) {
      return (
        <Box sx={{ mb: 2 }}>
          <Button
            variant="outlined"
            onClick={() => setOpen(true)}
            aria-haspopup="dialog"
            startIcon={
              <Badge color="primary" variant="dot" invisible={active === 0}>
                <FilterListIcon />
              </Badge>
            }
          >
            {active > 0
              ? translate('olympus.lists.filters.open_count', { count: active })
              : translate('olympus.lists.filters.open')}
          </Button>
          <Drawer
            anchor="bottom"
            open={open}
            onClose={() => setOpen(false)}
            slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { maxHeight: '85vh' } } }}
          >
            <Stack spacing={2} sx={{ p: 2 }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography id={titleId} component="h2" variant="h6">
                  {translate('olympus.lists.filters.label')}
                </Typography>
                <IconButton onClick={() => setOpen(false)} aria-label={translate('olympus.lists.filters.close')}>
                  <CloseIcon />
                </IconButton>
              </Stack>
              {inputs}
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                {clearButton}
                <Button variant="contained" onClick={() => setOpen(false)}>
                  {translate('olympus.lists.filters.done')}
                </Button>
              </Stack>
            </Stack>
          </Drawer>
        </Box>
      );
    }
    return (
      <Box
        role="group"
        aria-label={translate('olympus.lists.filters.label')}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          mb: 2,
          '& > .MuiButton-root': { mt: 0.25 },
        }}
      >
        {/* Tops aligned: a box with a message under it (a reversed range) keeps its label in line with the others. */}
        {inputs}
        {clearButton}
      </Box>
    );
  },
  (prev, next) =>
    prev.resource === next.resource &&
    prev.filters === next.filters &&
    prev.set === next.set &&
    prev.clear === next.clear &&
    prev.phone === next.phone &&
    sameDeclared(prev.values, next.values),
);
