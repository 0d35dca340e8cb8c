// Declared list filters without a server or a screen (docs/resources.md "Filters"): the builders are
// checked against the fields by the type checker, resolved into query parameters (a wrong key stops
// the start), and the browser's address and API query carry them, junk left out.
import { describe, expect, it } from 'vitest';
import { checkbox, choice, date, declareResource, money, number, ref, text } from '../../contract/resources/declare';
import {
  checkboxFilter,
  choiceFilter,
  filtersOf,
  rangeFilter,
  refFilter,
  textFilter,
  type FilterDecl,
} from '../../contract/resources/filters';
import { unitResource } from '../../contract/resources/units';
import { filterValuesOfSearch, listQuery } from '../../providers/listQuery';
import { searchForFilters } from '../../src/lists/listUrl';

const base = {
  name: 'things',
  spa: 'thing',
  noun: { one: 'thing', many: 'things' },
  area: 'units',
  tenancy: 'scoped',
} as const;
const fields = {
  name: text('Name'),
  kind: choice('Kind', ['A', 'B']),
  owner_id: ref('Owner', 'properties', 'owner'),
  size: number('Size', { min: 0, max: 9 }),
  on: checkbox('On'),
  day: date('Day'),
  price: money('Price', { currency: 'EUR', max: 500 }),
};

describe('declaring filters', () => {
  it('the type checker takes each kind on fields of its kind only', () => {
    const list = { columns: ['name'], sort: ['name'], search: ['name'] } as const;
    declareResource({
      ...base,
      fields,
      list: {
        ...list,
        filters: [
          choiceFilter('kind'),
          refFilter('owner'),
          rangeFilter('size'),
          rangeFilter('day'),
          rangeFilter('price'),
          checkboxFilter('on'),
          textFilter('name'),
        ],
      },
    });
    // @ts-expect-error not a field
    declareResource({ ...base, fields, list: { ...list, filters: [choiceFilter('nope')] } });
    // @ts-expect-error a text field is no choice
    declareResource({ ...base, fields, list: { ...list, filters: [choiceFilter('name')] } });
    // @ts-expect-error a reference by its `as`, not its field
    declareResource({ ...base, fields, list: { ...list, filters: [refFilter('owner_id')] } });
    // @ts-expect-error a choice has no range
    declareResource({ ...base, fields, list: { ...list, filters: [rangeFilter('kind')] } });
  });

  it('resolves into the parameters the API and the address share', () => {
    expect(filtersOf(unitResource)).toEqual([
      {
        kind: 'choice',
        key: 'unit_type',
        field: 'unit_type',
        param: 'unit_type',
        options: ['Flat', 'Studio', 'House', 'Maisonette', 'Penthouse', 'Townhouse'],
      },
      {
        kind: 'choice',
        key: 'unit_status',
        field: 'unit_status',
        param: 'unit_status',
        options: ['Available', 'Let', 'Under Offer', 'Maintenance'],
      },
      { kind: 'ref', key: 'property', field: 'property_id', param: 'property_id', to: 'properties', optional: false },
      { kind: 'checkbox', key: 'furnished', field: 'furnished', param: 'furnished' },
      {
        kind: 'number',
        key: 'bedrooms',
        field: 'bedrooms',
        lower: 'bedrooms_min',
        upper: 'bedrooms_max',
        integer: true,
        min: 0,
        max: 50,
      },
    ]);
  });

  it('resolves a money range with its currency and bounds, and an optional reference as optional', () => {
    const things = declareResource({
      ...base,
      fields,
      list: {
        columns: ['name'],
        sort: ['name'],
        search: ['name'],
        filters: [refFilter('owner'), rangeFilter('price')],
      },
    });
    expect(filtersOf(things)).toEqual([
      { kind: 'ref', key: 'owner', field: 'owner_id', param: 'owner_id', to: 'properties', optional: true },
      {
        kind: 'money',
        key: 'price',
        field: 'price',
        lower: 'price_min',
        upper: 'price_max',
        currency: 'EUR',
        min: 0,
        max: 500,
      },
    ]);
    // An optional reference's `none` and amounts with at most 2 places are read from the address; junk is left out.
    const resolved = filtersOf(things);
    expect(filterValuesOfSearch(resolved, '?owner_id=none&price_min=10.5&price_max=1.234')).toEqual({
      owner_id: 'none',
      price_min: '10.5',
    });
    expect(filterValuesOfSearch(resolved, '?price_min=1e3&price_max=12,50')).toEqual({});
  });

  it('a declaration the type checker did not see stops at its wrong key, naming resource and key', () => {
    const bad = (filter: FilterDecl) => () =>
      filtersOf({
        ...declareResource({ ...base, fields, list: { columns: ['name'], sort: ['name'], search: ['name'] } }),
        list: { columns: ['name'], sort: ['name'], search: ['name'], filters: [filter] },
      });
    expect(bad({ kind: 'choice', key: 'nope' })).toThrow(
      'Resource "things": list filter choiceFilter("nope") names no field',
    );
    expect(bad({ kind: 'range', key: 'kind' })).toThrow(
      'Resource "things": list filter rangeFilter("kind") does not fit a select field',
    );
    expect(bad({ kind: 'ref', key: 'owner_id' })).toThrow('names no reference');
  });
});

describe('filters in the address and the API query', () => {
  const units = filtersOf(unitResource);

  it('reads the address, leaving out what cannot be right', () => {
    expect(
      filterValuesOfSearch(
        units,
        '?unit_type=Flat&unit_type=Castle&unit_type=Studio&furnished=yes&bedrooms_min=2&bedrooms_max=x&property_id=p-1&page=3',
      ),
    ).toEqual({
      unit_type: ['Flat', 'Studio'],
      property_id: 'p-1',
      bedrooms_min: '2',
    });
    // A unit always has a property: `none` from an old link is never sent.
    expect(filterValuesOfSearch(units, '?property_id=none')).toEqual({});
  });

  it('writes the filters into the address beside other parameters, back on page 1', () => {
    expect(
      searchForFilters('?page=3&unit_type=House&all=true', units, {
        unit_type: ['Flat', 'Studio'],
        furnished: 'false',
      }),
    ).toBe('?all=true&unit_type=Flat&unit_type=Studio&furnished=false');
    expect(searchForFilters('?unit_type=House&page=2', units, {})).toBe('');
  });

  it('sends the declared filters of a getList filter to the API, and nothing else of it', () => {
    const query = listQuery('units', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: '', order: 'ASC' },
      filter: { q: 'x', unit_type: ['Flat'], bedrooms_min: '1', colour: 'red' },
    });
    expect(query).toEqual({
      page: 1,
      per_page: 10,
      q: 'x',
      q_in: 'unit_type',
      count: 'capped',
      unit_type: ['Flat'],
      bedrooms_min: '1',
    });
    expect(listQuery('companies', { filter: { unit_type: ['Flat'] } })).toEqual({});
  });
});
