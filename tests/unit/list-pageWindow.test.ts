// Paging rules as pure functions: at most 3 page links with ellipsis gaps, the page in
// ?page (page 1 omitted), page sizes 10/20/30/40 from the stored preference.
import { describe, expect, it } from 'vitest';
import { pageFromSearch, searchForPage } from '../../src/lists/listUrl';
import { pageCount, pageWindow, type PageLink } from '../../src/lists/pageWindow';
import { pageSizeFrom } from '../../src/lists/useListPaging';

/** "… 4 [5] 6 …" */
const show = (links: PageLink[]) =>
  links.map((l) => (l.type === 'ellipsis' ? '…' : l.selected ? `[${l.page}]` : String(l.page))).join(' ');

describe('pageWindow', () => {
  it('shows every page when there are 3 or fewer', () => {
    expect(show(pageWindow(1, 1))).toBe('[1]');
    expect(show(pageWindow(2, 2))).toBe('1 [2]');
    expect(show(pageWindow(2, 3))).toBe('1 [2] 3');
  });

  it('centres 3 links on the current page with an ellipsis on each side that has hidden pages', () => {
    expect(show(pageWindow(1, 10))).toBe('[1] 2 3 …');
    expect(show(pageWindow(2, 10))).toBe('1 [2] 3 …');
    expect(show(pageWindow(3, 10))).toBe('… 2 [3] 4 …');
    expect(show(pageWindow(5, 10))).toBe('… 4 [5] 6 …');
    expect(show(pageWindow(9, 10))).toBe('… 8 [9] 10');
    expect(show(pageWindow(10, 10))).toBe('… 8 9 [10]');
  });

  it('never shows more than 3 page links', () => {
    for (let count = 1; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        const pages = pageWindow(page, count).filter((l) => l.type === 'page');
        expect(pages.length).toBe(Math.min(3, count));
        expect(pages.filter((l) => l.type === 'page' && l.selected)).toHaveLength(1);
      }
    }
  });

  it('keeps an out-of-range page inside the pages that exist', () => {
    expect(show(pageWindow(99, 4))).toBe('… 2 3 [4]');
    expect(show(pageWindow(0, 4))).toBe('[1] 2 3 …');
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('with more pages than counted (a capped total) keeps the end ellipsis, even at the last page counted', () => {
    expect(show(pageWindow(1, 102, 3, true))).toBe('[1] 2 3 …');
    expect(show(pageWindow(102, 102, 3, true))).toBe('… 100 101 [102] …');
    expect(show(pageWindow(2, 2, 3, true))).toBe('1 [2] …');
  });

  it('takes another window size', () => {
    expect(show(pageWindow(5, 10, 5))).toBe('… 3 4 [5] 6 7 …');
    expect(show(pageWindow(5, 10, 2))).toBe('… [5] 6 …');
  });
});

describe('pageCount', () => {
  it('is at least 1 and rounds up', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 40)).toBe(3);
  });
});

describe('?page', () => {
  it('reads a positive whole page number, else 1', () => {
    expect(pageFromSearch('')).toBe(1);
    expect(pageFromSearch('?page=3')).toBe(3);
    expect(pageFromSearch('?x=1&page=12')).toBe(12);
    for (const bad of ['?page=0', '?page=-2', '?page=abc', '?page=2.5', '?page=']) expect(pageFromSearch(bad)).toBe(1);
  });

  it('writes the page, omitting page 1 and keeping other parameters', () => {
    expect(searchForPage('', 2)).toBe('?page=2');
    expect(searchForPage('?page=4', 1)).toBe('');
    expect(searchForPage('?system=Everest&page=4', 1)).toBe('?system=Everest');
    expect(searchForPage('?system=Everest', 5)).toBe('?system=Everest&page=5');
  });
});

describe('page sizes', () => {
  it('accepts 10, 20, 30 and 40 from the stored preference, else 10', () => {
    expect(['10', '20', '30', '40'].map(pageSizeFrom)).toEqual([10, 20, 30, 40]);
    expect(['', '25', 'abc', '1000'].map(pageSizeFrom)).toEqual([10, 10, 10, 10]);
  });
});
