// Paging: the page from ?page (page 1 omitted), the page size from the persisted
// uiStore.resultsPerPage (10, 20, 30 or 40, default 10). A new page size goes back to page 1.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { uiStore, useStoreState } from '../../providers/store';
import { PAGE_SIZES, pageFromSearch, pageSizeFrom } from '../../providers/listQuery';
import { searchForPage } from './listUrl';

export { PAGE_SIZES, pageSizeFrom };

export interface ListPaging {
  /** The page the address asks for (not yet limited to the pages that exist). */
  page: number;
  perPage: number;
  /** Query string of the address for a page, for links. */
  searchFor: (page: number) => string;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  /** Back to page 1 (new search or sort) without a history entry. */
  resetPage: () => void;
}

export function useListPaging(): ListPaging {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // The router applies a navigation a render later than the search or sort that asked for page 1:
  // until the address changes, the page is 1 already (a server-paged list asks for it once, not twice).
  const [resetFrom, setResetFrom] = useState<string | null>(null);
  if (resetFrom !== null && resetFrom !== search) setResetFrom(null);
  const page = resetFrom === search ? 1 : pageFromSearch(search);
  const perPage = pageSizeFrom(useStoreState(uiStore, (s) => s.resultsPerPage));

  // Page 1 is omitted from the URL: an address opened with ?page=1 (or a page that reads as 1)
  // is rewritten without it, replacing the entry rather than adding one to the history.
  const redundantPage = new URLSearchParams(search).has('page') && pageFromSearch(search) === 1;
  useEffect(() => {
    if (redundantPage) navigate({ pathname, search: searchForPage(search, 1) }, { replace: true });
  }, [redundantPage, navigate, pathname, search]);

  const searchFor = useCallback((p: number) => searchForPage(search, p), [search]);
  const setPage = useCallback(
    (p: number) => navigate({ pathname, search: searchForPage(search, p) }),
    [navigate, pathname, search],
  );
  const resetPage = useCallback(() => {
    if (!new URLSearchParams(search).has('page')) return;
    setResetFrom(search);
    navigate({ pathname, search: searchForPage(search, 1) }, { replace: true });
  }, [navigate, pathname, search]);
  const setPerPage = useCallback(
    (size: number) => {
      uiStore.set({ resultsPerPage: String(pageSizeFrom(String(size))) });
      resetPage();
    },
    [resetPage],
  );

  return { page, perPage, searchFor, setPage, setPerPage, resetPage };
}
