// At most 3 page links, with an ellipsis where pages are skipped. Pure, so the window
// rule is tested without rendering.

export const MAX_PAGE_LINKS = 3;

export type PageLink = { type: 'page'; page: number; selected: boolean } | { type: 'ellipsis'; side: 'start' | 'end' };

export function pageCount(total: number, perPage: number): number {
  return perPage > 0 ? Math.max(1, Math.ceil(total / perPage)) : 1;
}

/**
 * The page links around `page` (kept inside 1…count), at most `max` of them, centred when possible.
 * With `more` (a capped total) `count` is only the pages known so far: the end ellipsis always follows.
 */
export function pageWindow(page: number, count: number, max: number = MAX_PAGE_LINKS, more = false): PageLink[] {
  if (count < 1 || max < 1) return [];
  const current = Math.min(Math.max(1, page), count);
  const size = Math.min(max, count);
  const start = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), count - size + 1);
  const links: PageLink[] = [];
  if (start > 1) links.push({ type: 'ellipsis', side: 'start' });
  for (let p = start; p < start + size; p++) links.push({ type: 'page', page: p, selected: p === current });
  if (more || start + size - 1 < count) links.push({ type: 'ellipsis', side: 'end' });
  return links;
}
