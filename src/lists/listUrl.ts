// SPEC §2: the page number lives in the query parameter `page`; page 1 is omitted from the URL.
// Nothing else about the list (search, sort, page size) goes in the URL.

/** The page asked for by the address: a positive whole number, else 1. */
export function pageFromSearch(search: string): number {
  const raw = new URLSearchParams(search).get('page');
  const page = raw && /^\d+$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}

/** The query string for `page`, keeping other parameters; page 1 drops `page`. */
export function searchForPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `?${query}` : '';
}
