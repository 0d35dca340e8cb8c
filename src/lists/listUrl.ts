// The page number lives in the query parameter `page`; page 1 is omitted from the URL.
// Besides it, only a list's declared filters go in the URL, named as the API names them
// (docs/resources.md "Filters"), so a filtered list survives a reload and can be linked; search,
// sort and page size do not. Reading the page is shared with the start-up's first request (providers/listQuery.ts).
import { paramsOf, type FilterValues, type ResolvedFilter } from '../../contract/resources/filters';

export { pageFromSearch } from '../../providers/listQuery';

const queryOf = (params: URLSearchParams) => {
  const query = params.toString();
  return query ? `?${query}` : '';
};

/** The query string for `page`, keeping other parameters; page 1 drops `page`. */
export function searchForPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  return queryOf(params);
}

/** The query string with these filter values instead of the address's, back on page 1; other parameters are kept. */
export function searchForFilters(search: string, filters: readonly ResolvedFilter[], values: FilterValues): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  for (const param of filters.flatMap(paramsOf)) {
    params.delete(param);
    const v = values[param];
    for (const one of typeof v === 'string' ? [v] : (v ?? [])) if (one !== '') params.append(param, one);
  }
  return queryOf(params);
}
