// Client-side lists: search rules and sorting over the loaded rows, the address
// column, and the CSV rows of "Export".
import { describe, expect, it } from 'vitest';
import type { RaRecord } from 'ra-core';
import { shortAddress } from '../../src/lists/address';
import { matchesSearch, searchAndSort, UNSORTED } from '../../src/lists/clientList';
import { csvCell, csvRows } from '../../src/lists/csvExport';

const ROWS: RaRecord[] = [
  { id: 1, name: 'Zoe Zimmer', email: 'zoe@example.com', n: 10 },
  { id: 2, name: 'adam Ant', email: 'adam@acme.test', n: 9 },
  { id: 3, name: 'Bea Brown', email: 'bea@example.com', n: 100 },
  { id: 4, name: '', email: 'nameless@example.com', n: null },
];
const byNameOrEmail = ['name', 'email'];

describe('matchesSearch', () => {
  it('is a case-insensitive substring match in any value; an empty or blank term matches all', () => {
    expect(matchesSearch(['Ada Lovelace', 'ada@math.org'], 'LOVE')).toBe(true);
    expect(matchesSearch(['Ada Lovelace', 'ada@math.org'], 'MATH.')).toBe(true);
    expect(matchesSearch(['Ada Lovelace', 'ada@math.org'], 'grace')).toBe(false);
    expect(matchesSearch([null, undefined, 42], '4')).toBe(true);
    expect(matchesSearch([null], '')).toBe(true);
    expect(matchesSearch(['x'], '   ')).toBe(true);
    expect(matchesSearch(['Flat'], ' flat ')).toBe(true);
  });
});

describe('searchAndSort', () => {
  it('keeps the loaded order when unsorted and does not change the loaded copy', () => {
    const copy = [...ROWS];
    expect(searchAndSort(ROWS, { search: '', searchIn: byNameOrEmail, sort: UNSORTED }).map((r) => r.id)).toEqual([
      1, 2, 3, 4,
    ]);
    searchAndSort(ROWS, { search: '', searchIn: byNameOrEmail, sort: { field: 'name', order: 'DESC' } });
    expect(ROWS).toEqual(copy);
  });

  it('searches only the values the resource names', () => {
    expect(
      searchAndSort(ROWS, { search: 'EXAMPLE', searchIn: byNameOrEmail, sort: UNSORTED }).map((r) => r.id),
    ).toEqual([1, 3, 4]);
    expect(searchAndSort(ROWS, { search: 'example', searchIn: ['name'], sort: UNSORTED })).toEqual([]);
  });

  it('matches a reference ({ uuid, name }) by its name, as the API does', () => {
    const rows: RaRecord[] = [
      { id: 1, name: 'Sprocket', property: { uuid: 'p-1', name: 'Wharf House' } },
      { id: 2, name: 'Kettle', property: { uuid: 'p-2', name: 'Roundhay Gardens' } },
      { id: 3, name: 'Wharf Lamp', property: null },
    ];
    expect(searchAndSort(rows, { search: 'WHARF', searchIn: ['property'], sort: UNSORTED }).map((r) => r.id)).toEqual([
      1,
    ]);
    expect(searchAndSort(rows, { search: 'p-2', searchIn: ['property'], sort: UNSORTED })).toEqual([]);
  });

  it('sorts text case-insensitively and numbers numerically, empty values last', () => {
    const names = (order: 'ASC' | 'DESC') =>
      searchAndSort(ROWS, { search: '', searchIn: byNameOrEmail, sort: { field: 'name', order } }).map((r) => r.name);
    expect(names('ASC')).toEqual(['adam Ant', 'Bea Brown', 'Zoe Zimmer', '']);
    expect(names('DESC')).toEqual(['Zoe Zimmer', 'Bea Brown', 'adam Ant', '']);
    expect(
      searchAndSort(ROWS, { search: '', searchIn: byNameOrEmail, sort: { field: 'n', order: 'ASC' } }).map((r) => r.n),
    ).toEqual([9, 10, 100, null]);
  });
});

describe('shortAddress', () => {
  it('joins line 1, city and postcode, skipping empty parts', () => {
    expect(shortAddress({ address_line_1: '1 Quay St', city: 'Leeds', postcode: 'LS1 1AA' })).toBe(
      '1 Quay St, Leeds, LS1 1AA',
    );
    expect(shortAddress({ address_line_1: null, city: 'Leeds', postcode: ' ' })).toBe('Leeds');
    expect(shortAddress({})).toBe('');
  });
});

describe('CSV rows', () => {
  it('uses the translated headings, joins lists and leaves out empty values', () => {
    const rows = csvRows(
      [{ id: 1, name: 'Ada', systems: ['Everest', 'Portal'], note: null }],
      [
        { label: 'h.name', value: (r) => r.name },
        { label: 'h.systems', value: (r) => r.systems },
        { label: 'h.note', value: (r) => r.note },
      ],
      (key) => key.toUpperCase(),
    );
    expect(rows).toEqual([{ 'H.NAME': 'Ada', 'H.SYSTEMS': 'Everest; Portal', 'H.NOTE': '' }]);
  });

  it('keeps cells a spreadsheet would run as formulas as text', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+44 1234')).toBe("'+44 1234");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('Plain')).toBe('Plain');
  });
});
