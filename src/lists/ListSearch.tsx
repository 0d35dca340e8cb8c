// The search box: filters the loaded list as you type (each resource decides which fields match).
import { memo } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate, type ListControllerResult } from 'ra-core';

/** `placeholder` is an i18n key, e.g. "Search Users" or "by Company Name". */
export function ListSearch({ placeholder }: { placeholder: string }) {
  const { filterValues, setFilters } = useListContext();
  return <SearchBox placeholder={placeholder} filterValues={filterValues} setFilters={setFilters} />;
}

/** Rendered again only by its own values: not by a new page of rows. */
const SearchBox = memo(function SearchBox({
  placeholder,
  filterValues,
  setFilters,
}: {
  placeholder: string;
  filterValues: ListControllerResult['filterValues'];
  setFilters: ListControllerResult['setFilters'];
}) {
  const translate = useTranslate();
  const value = typeof filterValues?.q === 'string' ? filterValues.q : '';
  return (
    <TextField
      type="search"
      size="small"
      value={value}
      onChange={(e) => setFilters({ ...filterValues, q: e.target.value })}
      placeholder={translate(placeholder)}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        htmlInput: { 'aria-label': translate('olympus.lists.search') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
