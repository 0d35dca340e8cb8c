// Declared resources (docs/resources.md): the start-up check refuses a declaration its table cannot
// hold, naming resource and field; the derived record type is the wire type the SPA reads.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  choice,
  choiceLabel,
  date,
  declareResource,
  group,
  number,
  ref,
  tel,
  text as textField,
  url,
  catalogueKey,
  type Fields,
  type RecordOf,
} from '../../contract/resources/declare';
import { unitResource, type UnitRecord } from '../../contract/resources/units';
import { propertyResource, type PropertyRecord } from '../../contract/resources/properties';
import { companyResource, type CompanyRecord } from '../../contract/resources/companies';
import type { Company, Property, Unit } from '../../contract/types';
import { properties } from '../../server/db/schema';
import { defineCrud } from '../../server/crud';

const widgets = pgTable('widgets', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  propertyId: uuid('property_id').notNull(),
  name: text('name').notNull(),
  size: integer('size'),
  version: integer('version').notNull().default(1),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: uuid('deleted_by'),
});

const declare = (
  fields: Parameters<typeof declareResource>[0]['fields'],
  list: Parameters<typeof declareResource>[0]['list'] = { columns: ['name'], sort: ['name'], search: ['name'] },
) =>
  // Any list keys: the type checker's refusal is tested below, the start-up check's here.
  declareResource<Fields, 'scoped', string>({
    name: 'widgets',
    spa: 'widget',
    noun: { one: 'widget', many: 'widgets' },
    area: 'units',
    tenancy: 'scoped',
    fields,
    list,
  });

describe('the start-up check of a declared resource', () => {
  it('accepts a declaration whose every field has a column', () => {
    const ok = declare(
      group('Widget', {
        name: textField('Name', { required: true }),
        size: number('Size', { min: 0, max: 9, integer: true }),
      }),
    );
    expect(() => defineCrud(ok, { table: widgets })).not.toThrow();
  });

  it('refuses a table without the record version every change raises', () => {
    const ok = declare(group('Widget', { name: textField('Name', { required: true }) }));
    const unversioned = pgTable('widgets', {
      id: uuid('id').primaryKey(),
      companyId: uuid('company_id').notNull(),
      name: text('name').notNull(),
    });
    expect(() => defineCrud(ok, { table: unversioned })).toThrow(
      'Resource "widgets": the record version (an integer, not null, default 1): the table has no column "version"',
    );
  });

  it('refuses a table without the trash’s columns, unless the declaration has no trash', () => {
    const ok = declare(group('Widget', { name: textField('Name', { required: true }) }));
    const untrashed = pgTable('widgets', {
      id: uuid('id').primaryKey(),
      companyId: uuid('company_id').notNull(),
      name: text('name').notNull(),
      version: integer('version').notNull().default(1),
    });
    expect(() => defineCrud(ok, { table: untrashed })).toThrow(
      'Resource "widgets": the trash (deleted_at timestamptz, or declare trash: false): the table has no column "deleted_at"',
    );
    expect(() => defineCrud({ ...ok, trash: false }, { table: untrashed })).not.toThrow();
  });

  it('refuses a declared field without a column, naming resource and field', () => {
    const typo = declare(group('Widget', { name: textField('Name', { required: true }), colour: textField('Colour') }));
    expect(() => defineCrud(typo, { table: widgets })).toThrow(
      'Resource "widgets": field "colour" has no column "colour" in the bound table',
    );
  });

  it('refuses a reference the binding does not name, and list keys that are neither field nor reference', () => {
    const withRef = declare(
      group('Widget', {
        name: textField('Name', { required: true }),
        property_id: ref('Property', 'properties', 'property', { required: true }),
      }),
    );
    expect(() => defineCrud(withRef, { table: widgets })).toThrow(
      'Resource "widgets": field "property_id" refers to "properties", which the binding does not name',
    );
    expect(() => defineCrud(withRef, { table: widgets, refs: { properties } })).not.toThrow();
    const badList = declare(group('Widget', { name: textField('Name', { required: true }) }), {
      columns: ['name'],
      sort: ['name', 'price'],
      search: ['name'],
    });
    expect(() => defineCrud(badList, { table: widgets })).toThrow(
      'Resource "widgets": list key "price" is neither a field nor a reference',
    );
  });

  it('says which key was meant and lists the valid ones', () => {
    const typo = declare(
      group('Widget', { name: textField('Name', { required: true }), size: number('Size', { min: 0, max: 9 }) }),
      { columns: ['nmae'], sort: ['name'], search: ['name'] },
    );
    expect(() => defineCrud(typo, { table: widgets })).toThrow(
      'Resource "widgets": list column "nmae" is unknown (did you mean "name"? valid: name, size)',
    );
    const column = declare(
      group('Widget', { name: textField('Name', { required: true }), szie: number('Size', { min: 0, max: 9 }) }),
    );
    expect(() => defineCrud(column, { table: widgets })).toThrow(
      'field "szie" has no column "szie" in the bound table (did you mean "size"? valid: id, company_id, property_id, name, size, version, deleted_at, deleted_by)',
    );
    const computed = declareResource<Fields, 'scoped', string>({
      ...{ name: 'widgets', spa: 'widget', noun: { one: 'widget', many: 'widgets' }, area: 'units', tenancy: 'scoped' },
      fields: group('Widget', { name: textField('Name', { required: true }) }),
      computed: ['company'],
      list: { columns: ['name', 'company'], sort: ['name'], search: ['name'] },
    });
    expect(() => defineCrud(computed, { table: widgets })).toThrow(
      'computed column "company" is declared, but the binding\'s computed hook has no "company" (valid: none)',
    );
  });

  it('refuses at compile time a list key that is no field, reference or declared computed column', () => {
    const fields = group('Widget', {
      name: textField('Name', { required: true }),
      property_id: ref('Property', 'properties', 'property'),
    });
    const base = {
      name: 'widgets',
      spa: 'widget',
      noun: { one: 'widget', many: 'widgets' },
      area: 'units',
      tenancy: 'scoped',
    } as const;
    declareResource({
      ...base,
      fields,
      computed: ['company'],
      list: { columns: ['name', 'property', 'company'], sort: ['name', 'property'], search: ['property'] },
    });
    // @ts-expect-error a misspelt column
    declareResource({ ...base, fields, list: { columns: ['nmae'], sort: ['name'], search: ['name'] } });
    declareResource({
      ...base,
      fields,
      computed: ['company'],
      // @ts-expect-error a computed column is shown, never sorted by
      list: { columns: ['name'], sort: ['company'], search: ['name'] },
    });
    // @ts-expect-error a computed column must be declared to be shown
    declareResource({ ...base, fields, list: { columns: ['company'], sort: ['name'], search: ['name'] } });
  });

  it('refuses onDelete "set null" on a required reference; an optional one takes either', () => {
    const name = textField('Name', { required: true });
    const required = declare(
      group('Widget', {
        name,
        property_id: ref('Property', 'properties', 'property', { required: true, onDelete: 'set null' }),
      }),
    );
    expect(() => defineCrud(required, { table: widgets, refs: { properties } })).toThrow(
      `Resource "widgets": field "property_id": onDelete 'set null' needs an optional reference (it is required)`,
    );
    for (const onDelete of ['restrict', 'set null'] as const) {
      const optional = declare(
        group('Widget', { name, property_id: ref('Property', 'properties', 'property', { onDelete }) }),
      );
      expect(() => defineCrud(optional, { table: widgets, refs: { properties } })).not.toThrow();
    }
    expect(ref('Property', 'properties', 'property').ref.onDelete).toBe('restrict');
  });

  it('types an optional reference’s nested record, a tel, a url and a date as nullable', () => {
    const fields = group('Widget', {
      name: textField('Name', { required: true }),
      property_id: ref('Property', 'properties', 'property'),
      phone: tel('Phone'),
      site: url('Site'),
      since: date('Since', { required: true }),
    });
    const d = declareResource({
      name: 'widgets',
      spa: 'widget',
      noun: { one: 'widget', many: 'widgets' },
      area: 'units',
      tenancy: 'scoped',
      fields,
      list: { columns: ['name'], sort: ['name'], search: ['name'] },
    });
    type W = RecordOf<typeof d>;
    expectTypeOf<W['property']>().toEqualTypeOf<{ uuid: string; name: string } | null>();
    expectTypeOf<W['property_id']>().toEqualTypeOf<string | null>();
    expectTypeOf<W['phone']>().toEqualTypeOf<string | null>();
    expectTypeOf<W['site']>().toEqualTypeOf<string | null>();
    expectTypeOf<W['since']>().toEqualTypeOf<string>();
    expect(d.fields.phone).toMatchObject({ type: 'tel', maxlength: 32 });
    expect(d.fields.site).toMatchObject({ type: 'url', maxlength: 2048 });
  });

  it('refuses a search box key the list does not search (the screen would send it as q_in)', () => {
    const fields = group('Widget', {
      name: textField('Name', { required: true }),
      size: number('Size', { min: 0, max: 9 }),
    });
    const wide = declare(fields, { columns: ['name'], sort: ['name'], search: ['name'], searchBox: ['size'] });
    expect(() => defineCrud(wide, { table: widgets })).toThrow(
      'Resource "widgets": search box key "size" is not in list.search',
    );
  });

  it('fills in the conventional path, messages and catalogue keys', () => {
    expect(unitResource.path).toBe('/units');
    expect(unitResource.messages).toEqual({
      created: 'The unit has been created',
      updated: 'The unit has been updated',
      deleted: 'The unit has been deleted',
      notFound: 'Unit not found.',
    });
    expect(catalogueKey(unitResource, 'size_unit')).toBe('resources.unit.fields.size_unit');
  });

  it('derives the record type the SPA reads (contract/types.ts Unit)', () => {
    expectTypeOf<UnitRecord>().toEqualTypeOf<Unit>();
    // Required fields are never null, optional ones may be; a reference brings its nested record.
    expectTypeOf<Unit['name']>().toEqualTypeOf<string>();
    expectTypeOf<Unit['unit_ref']>().toEqualTypeOf<string | null>();
    expectTypeOf<Unit['bedrooms']>().toEqualTypeOf<number | null>();
    expectTypeOf<Unit['furnished']>().toEqualTypeOf<boolean>();
    expectTypeOf<Unit['property']>().toEqualTypeOf<{ uuid: string; name: string }>();
    expectTypeOf<keyof Unit>().toEqualTypeOf<
      | 'uuid'
      | 'id'
      | 'name'
      | 'property_id'
      | 'property'
      | 'unit_ref'
      | 'unit_type'
      | 'unit_status'
      | 'status_since'
      | 'short_description'
      | 'description'
      | 'address_line_1'
      | 'address_line_2'
      | 'area'
      | 'city'
      | 'county'
      | 'postcode'
      | 'bedrooms'
      | 'bathrooms'
      | 'size_unit'
      | 'furnished'
      | 'full_address'
    >();
  });

  it('derives the property type: a slug the server derives is never null when read', () => {
    expectTypeOf<PropertyRecord>().toEqualTypeOf<Property>();
    expectTypeOf<Property['slug']>().toEqualTypeOf<string>();
    expectTypeOf<Property['reference']>().toEqualTypeOf<string | null>();
    expectTypeOf<Property['latitude']>().toEqualTypeOf<number | null>();
    expectTypeOf<Property['company']>().toEqualTypeOf<{ uuid: string; name: string }>();
    expectTypeOf<keyof Property>().toEqualTypeOf<
      | 'uuid'
      | 'id'
      | 'company_uuid'
      | 'company'
      | 'name'
      | 'reference'
      | 'slug'
      | 'address_line_1'
      | 'address_line_2'
      | 'city'
      | 'county'
      | 'country'
      | 'postcode'
      | 'area'
      | 'longitude'
      | 'latitude'
      | 'certificates_required'
    >();
    expect(propertyResource.fields.slug).toMatchObject({
      derived: true,
      required: false,
      help: 'Leave blank to derive it from the name',
    });
  });

  it('derives the company type: a name, and an address that may be left out', () => {
    expectTypeOf<CompanyRecord>().toEqualTypeOf<Company>();
    expectTypeOf<Company['name']>().toEqualTypeOf<string>();
    expectTypeOf<Company['postcode']>().toEqualTypeOf<string | null>();
    expectTypeOf<keyof Company>().toEqualTypeOf<
      'uuid' | 'id' | 'name' | 'address_line_1' | 'address_line_2' | 'city' | 'county' | 'postcode'
    >();
    expect(companyResource.tenancy).toBe('global');
  });
});

describe('choiceLabel', () => {
  it('shows an unlabelled value as words, a labelled one by its label', () => {
    const kind = choice('Kind', ['gas_safety', 'Under Offer', 'eicr'], { labels: { eicr: 'EICR' } });
    expect(kind.options.map((o) => choiceLabel(kind, o))).toEqual(['Gas safety', 'Under Offer', 'EICR']);
  });
});
