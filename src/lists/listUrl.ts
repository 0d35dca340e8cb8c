// SPEC §2: the page number lives in the query parameter `page`; page 1 is omitted from the URL.
// Nothing else about the list (search, sort, page size) goes in the URL. Reading the page is shared
// with the start-up's first request (providers/listQuery.ts).
export { pageFromSearch } from '../../providers/listQuery';

/** The query string for `page`, keeping other parameters; page 1 drops `page`. */
export function searchForPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `?${query}` : '';
}
