// Paging controls: page size 10/20/30/40 and at most 3 page links with ellipsis gaps.
// Page links are real links to ?page=N (page 1 without it), so a page can be bookmarked and opened anew.
// A capped total (`meta.more`, a searched page of a big list) reads "of more than N": the pages known so
// far are linked, the end ellipsis stays and "last page" is off until the last page is known.
import { memo, useId } from 'react';
import { Box, MenuItem, PaginationItem, Stack, TextField, Typography } from '@mui/material';
import { Link, useLocation } from 'react-router';
import { useListContext, useTranslate } from 'ra-core';
import type { ListAnswerMeta } from '../../providers/dataProvider';
import { MAX_PAGE_LINKS, pageCount, pageWindow } from './pageWindow';
import { PAGE_SIZES } from './useListPaging';
import { searchForPage } from './listUrl';

const PageLinks = memo(function PageLinks({ page, count, more }: { page: number; count: number; more: boolean }) {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  const to = (p: number) => ({ pathname, search: searchForPage(search, p) });
  const arrow = (type: 'first' | 'previous' | 'next' | 'last', target: number, disabled: boolean) => (
    <li key={type}>
      <PaginationItem
        type={type}
        disabled={disabled}
        aria-label={translate(`olympus.lists.pagination.${type}`)}
        {...(disabled ? {} : { component: Link, to: to(target) })}
      />
    </li>
  );
  return (
    <Box component="nav" aria-label={translate('olympus.lists.pagination.label')}>
      <Box component="ul" sx={{ display: 'flex', alignItems: 'center', listStyle: 'none', m: 0, p: 0, gap: 0.25 }}>
        {arrow('first', 1, page <= 1)}
        {arrow('previous', page - 1, page <= 1)}
        {pageWindow(page, count, MAX_PAGE_LINKS, more).map((link) =>
          link.type === 'ellipsis' ? (
            <li key={link.side}>
              <PaginationItem type={link.side === 'start' ? 'start-ellipsis' : 'end-ellipsis'} />
            </li>
          ) : (
            <li key={link.page}>
              <PaginationItem
                component={Link}
                to={to(link.page)}
                page={link.page}
                selected={link.selected}
                aria-current={link.selected ? 'page' : undefined}
                aria-label={translate('olympus.lists.pagination.page', { page: link.page })}
              />
            </li>
          ),
        )}
        {arrow('next', page + 1, page >= count)}
        {arrow('last', count, more || page >= count)}
      </Box>
    </Box>
  );
});

export function ListPagination() {
  const { page, perPage, total, setPerPage, isPending, meta } = useListContext();
  if (isPending || !total) return null;
  const more = (meta as ListAnswerMeta | undefined)?.more === true;
  return <PagingControls page={page} perPage={perPage} total={total} more={more} setPerPage={setPerPage} />;
}

/** Rendered again only when what it shows changes, not by every change of the list (a keystroke, new rows). */
const PagingControls = memo(function PagingControls({
  page,
  perPage,
  total,
  more,
  setPerPage,
}: {
  page: number;
  perPage: number;
  total: number;
  more: boolean;
  setPerPage: (n: number) => void;
}) {
  const translate = useTranslate();
  const id = useId();
  // More than `total` rows: at least the page holding row total + 1.
  const count = pageCount(more ? total + 1 : total, perPage);
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'space-between', pt: 2 }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          id={id}
          label={translate('olympus.lists.per_page')}
          value={perPage}
          onChange={(e) => setPerPage(Number(e.target.value))}
          sx={{ minWidth: 150 }}
        >
          {PAGE_SIZES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
          {translate(more ? 'olympus.lists.range_more' : 'olympus.lists.range', { from, to, total })}
        </Typography>
      </Stack>
      {count > 1 && <PageLinks page={page} count={count} more={more} />}
    </Stack>
  );
});
