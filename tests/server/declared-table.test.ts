// The table derived from a declaration (server/db/declaredTable.ts): what columns, keys and indexes a
// new resource gets without writing its table, and the five existing resources' tables unchanged.
import { describe, expect, it } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { checkbox, choice, declareResource, group, number, ref, text } from '../../contract/resources/declare';
import { declaredTable, pgName } from '../../server/db/declaredTable';
import { companies, properties, units } from '../../server/db/schema';

const parkingSpaces = declareResource({
  name: 'parking_spaces_for_residents_with_permits_and_visitors',
  spa: 'parking_space',
  noun: { one: 'parking space', many: 'parking spaces' },
  area: 'properties',
  tenancy: 'scoped',
  fields: {
    ...group('Space', {
      name: text('Space name', { required: true }),
      kind: choice('Kind', ['Covered', 'Open']),
      bays: number('Bays', { min: 1, max: 20, integer: true }),
      width: number('Width', { min: 1, max: 5 }),
      property_id: ref('Property', 'properties', 'property'),
      electric: checkbox('Electric charging', { default: true }),
    }),
  },
  list: { columns: ['name'], sort: ['name'], search: ['name'] },
});

describe('a table derived from a declaration', () => {
  const table = declaredTable(parkingSpaces, { companies: () => companies.id, refs: { properties: () => properties } });
  const config = getTableConfig(table);
  const column = (name: string) => config.columns.find((c) => c.name === name);

  it('has a column per stored field, with its SQL type, not-null for required fields and a checkbox default', () => {
    expect(config.columns.map((c) => [c.name, c.getSQLType(), c.notNull])).toEqual([
      ['id', 'uuid', true],
      ['company_id', 'uuid', true],
      ['name', 'text', true],
      ['kind', 'text', false],
      ['bays', 'integer', false],
      ['width', 'double precision', false],
      ['property_id', 'uuid', false],
      ['electric', 'boolean', true],
      ['version', 'integer', true],
      ['created_at', 'timestamp with time zone', true],
      ['updated_at', 'timestamp with time zone', true],
      // The trash (docs/resources.md "Trash"): null while the record is live.
      ['deleted_at', 'timestamp with time zone', false],
      ['deleted_by', 'uuid', false],
    ]);
    expect(column('electric')?.default).toBe(true);
    // Drizzle keys in camel case: server code writes table.propertyId.
    expect(Object.keys(table)).toEqual(expect.arrayContaining(['propertyId', 'companyId', 'electric']));
  });

  it('points company_id at companies when no required reference carries the company, and a reference at the same company', () => {
    const fks = config.foreignKeys.map((fk) => {
      const r = fk.reference();
      return {
        name: fk.getName(),
        columns: r.columns.map((c) => c.name),
        to: getTableConfig(r.foreignTable).name,
        onDelete: fk.onDelete,
      };
    });
    expect(fks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ columns: ['company_id'], to: 'companies', onDelete: 'restrict' }),
        expect.objectContaining({ columns: ['property_id', 'company_id'], to: 'properties', onDelete: 'restrict' }),
      ]),
    );
  });

  it('keeps every constraint name within PostgreSQL’s 63 characters, stable and distinct', () => {
    const names = [...config.indexes.map((i) => i.config.name ?? ''), ...config.foreignKeys.map((f) => f.getName())];
    for (const name of names) expect(name.length, name).toBeLessThanOrEqual(63);
    expect(new Set(names).size).toBe(names.length);
    expect(pgName('a'.repeat(60), 'property', 'same_company')).toBe(pgName('a'.repeat(60), 'property', 'same_company'));
    expect(pgName('a'.repeat(60), 'property', 'same_company')).not.toBe(
      pgName('a'.repeat(60), 'property', 'same_compan'),
    );
    expect(pgName('units', 'property')).toBe('units_property');
  });

  it('refuses a scoped resource without the companies table, naming what to give', () => {
    expect(() => getTableConfig(declaredTable(parkingSpaces, { refs: { properties: () => properties } }))).toThrow(
      /options\.companies/,
    );
  });

  it('gives the units table the names it always had (the migrations stay as they are)', () => {
    const u = getTableConfig(units);
    expect(u.foreignKeys.map((f) => f.getName())).toEqual(['units_property_same_company']);
    expect(u.indexes.map((i) => i.config.name).sort()).toEqual([
      'units_company',
      'units_list_name',
      'units_live',
      'units_property',
      'units_search_unit_type',
      'units_trash',
    ]);
  });

  it('gives each text field its search box matches a trigram index over the live records, and nothing else one', () => {
    const trigram = (t: typeof config) =>
      t.indexes
        .filter((i) => i.config.method === 'gin')
        .map((i) => ({ name: i.config.name, partial: i.config.where !== undefined }));
    // The declaration's search box is its `search` (no searchBox): its one text field.
    expect(trigram(config)).toEqual([{ name: pgName(parkingSpaces.name, 'search', 'name'), partial: true }]);
    // units: the search box matches the unit type only, though `q` may search five keys.
    expect(trigram(getTableConfig(units))).toEqual([{ name: 'units_search_unit_type', partial: true }]);
    // A reference's name lives in the other table: the properties' own search box indexes it there.
    expect(trigram(getTableConfig(properties))).toEqual([{ name: 'properties_search_name', partial: true }]);
  });
});
