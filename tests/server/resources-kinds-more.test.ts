// The money, radio, multi-choice, read-only and conditional kinds of a declared resource
// (docs/resources.md "Fields"), on a resource declared only in the test tree (./letting-resource.ts):
// good values stored and read back, bad ones 422 naming the field with a clear message and writing
// nothing, their OpenAPI entries and form fields, and conditional fields cleared when hidden and
// required while shown — whatever a client sends.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { choice, declareResource, group, multiChoice, text, type RecordOf } from '../../contract/resources/declare';
import { defineCrud } from '../../server/crud';
import { routeTable } from '../../server/http/routeAccess';
import { authClient } from './auth-client';
import { declaredFixtures } from './declared-fixtures';
import { fuzzer } from './fuzz-attack';
import { createTestApp, type TestApp } from './harness';
import { junkAttack, STRUCTURAL } from './junk-attack';
import { apiAs, count, createWorld, type Api, type World } from './resources-fixtures';
import { createLettingsTable, lettingCrud, lettingResource, lettings, referenceOf } from './letting-resource';

let t: TestApp;
let w: World;
let admin: Api;
const db = () => t.database.db;
const rows = () => count(db(), sql`select count(*) as n from lettings`);
const stored = async (id: string) => (await db().select().from(lettings).where(eq(lettings.id, id)))[0];
const GOOD = { name: 'Flat 1', rent: '1250.00', tenure: 'Assured shorthold' };

/** Creates a letting and answers its record. */
async function created(body: Record<string, unknown>) {
  const res = await admin.post('/lettings', { ...GOOD, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Record<string, unknown> & { id: string };
}

/** Each body answers 422 with exactly these field errors, and nothing is written. */
async function refused(
  cases: [Record<string, unknown>, Record<string, string[]>][],
  base: Record<string, unknown> = GOOD,
) {
  const before = await rows();
  for (const [fields, errors] of cases) {
    const res = await admin.post('/lettings', { ...base, ...fields });
    expect(res.statusCode, JSON.stringify(fields)).toBe(422);
    expect(res.json().errors, JSON.stringify(fields)).toEqual(errors);
  }
  expect(await rows()).toBe(before);
}

beforeAll(async () => {
  t = await createTestApp({}, { resources: [lettingCrud.routes] });
  await createLettingsTable(db());
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
});
afterAll(() => t.close());

describe('the derived table', () => {
  it('stores money as numeric(12,2) and a multi-choice as a text[] that is never null, as the database made by hand has them', async () => {
    const derived = getTableConfig(lettings).columns.map((c) => [c.name, c.getSQLType(), c.notNull]);
    expect(derived).toEqual(
      expect.arrayContaining([
        ['rent', 'numeric(12, 2)', true],
        ['deposit', 'numeric(12, 2)', false],
        ['tenure', 'text', true],
        ['amenities', 'text[]', true],
        // Conditional: may be null even when required while shown.
        ['listing_id', 'text', false],
        ['pet_deposit', 'numeric(12, 2)', false],
      ]),
    );
    const result = await db().execute(
      sql`select column_name, is_nullable from information_schema.columns where table_name = 'lettings'`,
    );
    const inDb = Object.fromEntries(
      ((result as unknown as { rows: unknown[] }).rows as { column_name: string; is_nullable: string }[]).map((r) => [
        r.column_name,
        r.is_nullable === 'NO',
      ]),
    );
    for (const [name, , notNull] of derived) expect(inDb[name as string], String(name)).toBe(notNull);
  });
});

describe('the types', () => {
  it('type the record and the row: amounts as strings, a multi-choice as an array, a conditional field nullable', () => {
    type Letting = RecordOf<typeof lettingResource>;
    expectTypeOf<Letting['rent']>().toEqualTypeOf<string>();
    expectTypeOf<Letting['deposit']>().toEqualTypeOf<string | null>();
    expectTypeOf<Letting['tenure']>().toEqualTypeOf<string>();
    expectTypeOf<Letting['amenities']>().toEqualTypeOf<string[]>();
    expectTypeOf<Letting['listing_id']>().toEqualTypeOf<string | null>();
    expectTypeOf<Letting['pet_deposit']>().toEqualTypeOf<string | null>();
    type Row = typeof lettings.$inferSelect;
    expectTypeOf<Row['rent']>().toEqualTypeOf<string>();
    expectTypeOf<Row['amenities']>().toEqualTypeOf<string[]>();
    expectTypeOf<Row['listingId']>().toEqualTypeOf<string | null>();
  });
});

describe('money', () => {
  it('takes a decimal string or a number, and reads back a string with exactly 2 places', async () => {
    const a = await created({ rent: '1250', deposit: 99.5 });
    expect(a).toMatchObject({ rent: '1250.00', deposit: '99.50' });
    expect(await stored(a.id)).toMatchObject({ rent: '1250.00', deposit: '99.50' });
    const b = await created({ rent: ' 0.07 ', deposit: '' });
    expect(b).toMatchObject({ rent: '0.07', deposit: null });
    expect((await admin.get(`/lettings/${b.id}`)).json().data).toMatchObject({ rent: '0.07', deposit: null });
    const c = await admin.put(`/lettings/${b.id}`, { rent: '100000', deposit: '12345678.9' });
    expect(c.json().data).toMatchObject({ rent: '100000.00', deposit: '12345678.90' });
    // No float crept in: a penny is a penny in the list too.
    const listed = (await admin.get(`/lettings?q=${encodeURIComponent('Flat 1')}`))
      .json()
      .data.map((l: { rent: string }) => l.rent);
    expect(listed).toEqual(expect.arrayContaining(['1250.00', '100000.00']));
  });

  it('answers 422 naming the field: more than 2 places, not an amount, out of range, missing', async () => {
    const places = ['The rent must be an amount with at most 2 decimal places, such as 1250.50.'];
    await refused([
      [{ rent: '1250.505' }, { rent: places }],
      [{ rent: 0.1 + 0.2 }, { rent: places }],
      [{ rent: '12,50' }, { rent: places }],
      [{ rent: '1e3' }, { rent: places }],
      [{ rent: 'lots' }, { rent: places }],
      [{ rent: '100000.01' }, { rent: ['The rent may not be greater than 100000.00.'] }],
      [{ rent: '-1' }, { rent: ['The rent must be at least 0.00.'] }],
      [{ rent: '' }, { rent: ['The rent field is required.'] }],
      [{ rent: undefined }, { rent: ['The rent field is required.'] }],
      [
        { deposit: '10.001' },
        { deposit: ['The deposit must be an amount with at most 2 decimal places, such as 1250.50.'] },
      ],
      [
        { deposit: '99999999999' },
        { deposit: ['The deposit must be an amount with at most 2 decimal places, such as 1250.50.'] },
      ],
    ]);
  });

  it('sorts by value, not as text', async () => {
    await db().delete(lettings);
    for (const rent of ['900', '10000', '1250.5']) await created({ name: `Sort ${rent}`, rent });
    const rents = (await admin.get('/lettings?sort=rent')).json().data.map((l: { rent: string }) => l.rent);
    expect(rents).toEqual(['900.00', '1250.50', '10000.00']);
  });
});

describe('a money range filter (rent_min, rent_max)', () => {
  const rentsOf = async (query: string) => {
    const res = await admin.get(`/lettings?${query}&sort=rent`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((l: { rent: string }) => l.rent);
  };

  it('narrows the list to the amounts between its ends, both included, compared to the penny', async () => {
    await db().delete(lettings);
    for (const rent of ['900', '1250.49', '1250.5', '1250.51', '10000']) await created({ name: `Range ${rent}`, rent });
    expect(await rentsOf('rent_min=1250.5')).toEqual(['1250.50', '1250.51', '10000.00']);
    expect(await rentsOf('rent_max=1250.50')).toEqual(['900.00', '1250.49', '1250.50']);
    expect(await rentsOf('rent_min=1250.50&rent_max=1250.5')).toEqual(['1250.50']);
    expect(await rentsOf('rent_min=1250.49&rent_max=1250.51')).toEqual(['1250.49', '1250.50', '1250.51']);
    // Amounts a double would not tell apart from their neighbours' in cents are still exact.
    expect(await rentsOf('rent_min=0.1&rent_max=1250.49')).toEqual(['900.00', '1250.49']);
    const res = await admin.get('/lettings?rent_min=1000&page=1&per_page=2&sort=rent');
    expect(res.json().meta.total).toBe(4);
    expect(res.json().data.map((l: { rent: string }) => l.rent)).toEqual(['1250.49', '1250.50']);
  });

  it('answers 422 naming the parameter: not an amount, more than 2 places, out of the field’s range, min past max', async () => {
    const places = (p: string) => `The ${p} must be an amount with at most 2 decimal places, such as 1250.50.`;
    const cases: [string, Record<string, string[]>][] = [
      ['rent_min=lots', { rent_min: [places('rent min')] }],
      ['rent_max=12.345', { rent_max: [places('rent max')] }],
      ['rent_min=1e3', { rent_min: [places('rent min')] }],
      ['rent_min=12,50', { rent_min: [places('rent min')] }],
      ['rent_max=100000.01', { rent_max: ['The rent max may not be greater than 100000.00.'] }],
      ['rent_min=-1', { rent_min: ['The rent min must be at least 0.00.'] }],
      [
        'rent_min=1250.51&rent_max=1250.5',
        { rent_max: ['The rent max must be greater than or equal to the rent min.'] },
      ],
      ['rent_min=1&rent_min=2', { rent_min: ['The rent min must be a string.'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await admin.get(`/lettings?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toEqual(errors);
    }
  });

  it('is in the OpenAPI document: two decimal-string parameters with the currency and range', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const params = doc.paths['/api/v1/lettings'].get.parameters.filter((p: { name: string }) =>
      p.name.startsWith('rent_'),
    );
    expect(params.map((p: { name: string }) => p.name)).toEqual(['rent_min', 'rent_max']);
    for (const p of params) {
      expect(p).toMatchObject({
        in: 'query',
        required: false,
        schema: { type: 'string', pattern: '^-?[0-9]{1,10}([.][0-9]{1,2})?$' },
      });
      expect(p.schema.description ?? p.description).toMatch(/GBP from 0\.00 to 100000\.00/);
    }
  });
});

describe('radio (a choice shown as a radio group)', () => {
  it('takes one of its options, an optional one none, and refuses anything else', async () => {
    const a = await created({ tenure: 'Company let', furnishing: 'Furnished' });
    expect(a).toMatchObject({ tenure: 'Company let', furnishing: 'Furnished' });
    const b = await admin.put(`/lettings/${a.id}`, { furnishing: '' });
    expect(b.json().data).toMatchObject({ furnishing: null });
    await refused([
      [{ tenure: 'Freehold' }, { tenure: ['The selected tenure is invalid.'] }],
      [{ tenure: undefined }, { tenure: ['The tenure field is required.'] }],
      [{ furnishing: 'Part furnished' }, { furnishing: ['The selected furnishing is invalid.'] }],
    ]);
  });
});

describe('multi-choice', () => {
  it('reads an array in the options’ order, written whole; none is []', async () => {
    const a = await created({ amenities: ['Lift', 'Parking'] });
    expect(a.amenities).toEqual(['Parking', 'Lift']);
    expect((await stored(a.id)).amenities).toEqual(['Parking', 'Lift']);
    expect((await admin.get(`/lettings/${a.id}`)).json().data.amenities).toEqual(['Parking', 'Lift']);
    // Not sent: kept. Sent: replaced whole. A single value is a set of one; null is none.
    expect((await admin.put(`/lettings/${a.id}`, { name: 'Renamed' })).json().data.amenities).toEqual([
      'Parking',
      'Lift',
    ]);
    expect((await admin.put(`/lettings/${a.id}`, { amenities: ['Garden'] })).json().data.amenities).toEqual(['Garden']);
    expect((await admin.put(`/lettings/${a.id}`, { amenities: 'Lift' })).json().data.amenities).toEqual(['Lift']);
    expect((await admin.put(`/lettings/${a.id}`, { amenities: null })).json().data.amenities).toEqual([]);
    expect((await created({})).amenities).toEqual([]);
    const listed = (await admin.get(`/lettings?q=Renamed`)).json().data[0];
    expect(listed.amenities).toEqual([]);
  });

  it('answers 422 for a value not among the options, a repeat, or a non-list', async () => {
    await refused([
      [{ amenities: ['Parking', 'Pool'] }, { amenities: ['The amenities may only hold Parking, Garden or Lift.'] }],
      [{ amenities: ['Lift', 'Lift'] }, { amenities: ['The amenities may not hold the same value twice.'] }],
      [{ amenities: { Parking: true } }, { amenities: ['The amenities must be a array.'] }],
    ]);
  });
});

describe('read-only (set by the server)', () => {
  it('is in the read shape, filled by the binding, and never written from a body', async () => {
    const a = await created({ name: 'Rose Court', reference: 'HACKED' });
    expect(a.reference).toBe(referenceOf('Rose Court'));
    const b = await admin.put(`/lettings/${a.id}`, { reference: 'HACKED', rent: '1300' });
    expect(b.statusCode).toBe(200);
    expect(b.json().data).toMatchObject({ reference: referenceOf('Rose Court'), rent: '1300.00' });
    expect((await stored(a.id)).reference).toBe(referenceOf('Rose Court'));
  });
});

describe('conditional fields', () => {
  it('are required while their condition holds: 422 naming the field and the condition', async () => {
    await refused([
      [{ portal: 'Rightmove' }, { listing_id: ['The listing id field is required when portal is Rightmove.'] }],
      [
        { portal: 'Rightmove', listing_id: '   ' },
        { listing_id: ['The listing id field is required when portal is Rightmove.'] },
      ],
      [{ pets: true }, { pet_deposit: ['The pet deposit field is required when pets is true.'] }],
      [{ pets: true, pet_deposit: '' }, { pet_deposit: ['The pet deposit field is required when pets is true.'] }],
    ]);
    const a = await created({
      portal: 'Rightmove',
      listing_id: ' RM-1 ',
      listing_url: 'https://rightmove.example/1',
      pets: true,
      pet_deposit: '150',
    });
    expect(a).toMatchObject({
      portal: 'Rightmove',
      listing_id: 'RM-1',
      listing_url: 'https://rightmove.example/1',
      pets: true,
      pet_deposit: '150.00',
    });
  });

  it('are stored as null when their condition does not hold, whatever is sent', async () => {
    const a = await created({
      portal: 'Zoopla',
      listing_id: 'SNEAKY',
      listing_url: 'https://zoopla.example/2',
      pets: false,
      pet_deposit: '500',
    });
    expect(a).toMatchObject({ listing_id: null, listing_url: 'https://zoopla.example/2', pet_deposit: null });
    expect(await stored(a.id)).toMatchObject({ listingId: null, petDeposit: null });
    const b = await created({ listing_id: 'SNEAKY', listing_url: 'https://x.example' });
    expect(b).toMatchObject({ portal: null, listing_id: null, listing_url: null });
  });

  it('on update, read the condition from the record under what is sent: clearing, refusing and ignoring alike', async () => {
    const a = await created({
      portal: 'Rightmove',
      listing_id: 'RM-2',
      listing_url: 'https://rightmove.example/2',
      pets: true,
      pet_deposit: '200',
    });
    // The condition stays (portal not sent): the listing id may not be emptied.
    const emptied = await admin.put(`/lettings/${a.id}`, { listing_id: '' });
    expect(emptied.statusCode).toBe(422);
    expect(emptied.json().errors).toEqual({
      listing_id: ['The listing id field is required when portal is Rightmove.'],
    });
    // Other changes keep it as stored.
    expect((await admin.put(`/lettings/${a.id}`, { name: 'Still Rightmove' })).json().data).toMatchObject({
      listing_id: 'RM-2',
      pet_deposit: '200.00',
    });
    // Switching portal clears what no longer applies, though not sent.
    const zoopla = await admin.put(`/lettings/${a.id}`, { portal: 'Zoopla' });
    expect(zoopla.json().data).toMatchObject({
      portal: 'Zoopla',
      listing_id: null,
      listing_url: 'https://rightmove.example/2',
    });
    const none = await admin.put(`/lettings/${a.id}`, { portal: 'None', pets: false });
    expect(none.json().data).toMatchObject({ listing_id: null, listing_url: null, pet_deposit: null });
    // Attack: the condition is false as stored, so a value sent alone is not stored.
    const sneaky = await admin.put(`/lettings/${a.id}`, {
      listing_id: 'SNEAKY',
      listing_url: 'https://evil.example',
      pet_deposit: '1',
    });
    expect(sneaky.statusCode).toBe(200);
    expect(await stored(a.id)).toMatchObject({ listingId: null, listingUrl: null, petDeposit: null });
    // Back to Rightmove: now it is required again.
    const back = await admin.put(`/lettings/${a.id}`, { portal: 'Rightmove' });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ listing_id: ['The listing id field is required when portal is Rightmove.'] });
  });

  it('still refuse a malformed value (the schema checks what is sent), never answering 500', async () => {
    await refused([
      [
        { portal: 'None', listing_url: 'javascript:alert(1)' },
        { listing_url: ['The listing url must be a valid URL.'] },
      ],
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('publishes each kind’s pattern, enum, items and condition; read-only only in the read shape', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = doc.paths['/api/v1/lettings'].post.requestBody.content['application/json'].schema;
    const p = body.properties;
    expect(p.rent).toMatchObject({
      type: 'string',
      pattern: '^-?[0-9]{1,10}([.][0-9]{1,2})?$',
      minLength: 1,
      'x-olympus-money': { currency: 'GBP', minimum: '0.00', maximum: '100000.00' },
    });
    expect(p.rent.description).toMatch(/GBP from 0\.00 to 100000\.00.*at most 2 places/);
    expect(p.deposit).toMatchObject({
      type: 'string',
      nullable: true,
      'x-olympus-money': { currency: 'GBP', minimum: '0.00', maximum: '9999999999.99' },
    });
    expect(body.required).toEqual(expect.arrayContaining(['name', 'rent', 'tenure']));
    expect(body.required).not.toContain('listing_id');
    expect(p.tenure).toMatchObject({ type: 'string', enum: ['Assured shorthold', 'Company let', 'Licence'] });
    expect(p.furnishing.enum).toEqual(expect.arrayContaining(['Furnished', 'Unfurnished']));
    expect(p.amenities).toMatchObject({
      type: 'array',
      nullable: true,
      uniqueItems: true,
      maxItems: 3,
      items: { type: 'string', enum: ['Parking', 'Garden', 'Lift'] },
    });
    expect(p.reference).toBeUndefined();
    expect(p.listing_id).toMatchObject({
      type: 'string',
      nullable: true,
      description: 'Required when portal is Rightmove; otherwise stored as null, whatever is sent.',
      'x-olympus-when': { field: 'portal', is: ['Rightmove'], required: true },
    });
    expect(p.listing_url).toMatchObject({
      description: 'Used when portal is Rightmove or Zoopla; otherwise stored as null, whatever is sent.',
      'x-olympus-when': { field: 'portal', is: ['Rightmove', 'Zoopla'], required: false },
    });
    expect(p.pet_deposit['x-olympus-when']).toEqual({ field: 'pets', is: [true], required: true });
    const read =
      doc.paths['/api/v1/lettings/{id}'].get.responses['200'].content['application/json'].schema.properties.data
        .properties;
    expect(read.rent).toMatchObject({ type: 'string', pattern: '^-?[0-9]+[.][0-9]{2}$' });
    expect(read.amenities).toMatchObject({ type: 'array', items: { enum: ['Parking', 'Garden', 'Lift'] } });
    expect(read.reference).toMatchObject({ type: 'string', nullable: true });
  });
});

describe('the form definition', () => {
  it('serves money with its currency, a radio group, a checkbox group, the read-only field disabled and each condition', async () => {
    const form = (await admin.get('/lettings/create')).json();
    const field = (name: string) =>
      form.fields
        .flatMap((g: { fields: { name: string }[] }) => g.fields)
        .find((f: { name: string }) => f.name === name);
    expect(field('rent')).toEqual({
      name: 'rent',
      label: 'Rent',
      type: 'money',
      currency: 'GBP',
      min: 0,
      max: 100000,
      required: true,
    });
    expect(field('tenure')).toMatchObject({
      type: 'radio-group',
      required: true,
      options: { 'Assured shorthold': 'Assured shorthold', 'Company let': 'Company let', Licence: 'Licence' },
    });
    expect(field('furnishing')).toMatchObject({ type: 'radio-group' });
    expect(field('amenities')).toEqual({
      name: 'amenities',
      label: 'Amenities',
      type: 'checkbox',
      multiple: true,
      options: { Parking: 'Parking', Garden: 'Garden', Lift: 'Lift' },
      value: [],
    });
    expect(field('reference')).toMatchObject({ disabled: true });
    expect(field('listing_id')).toMatchObject({ required: true, when: { field: 'portal', is: ['Rightmove'] } });
    expect(field('pet_deposit')).toMatchObject({ type: 'money', required: true, when: { field: 'pets', is: [true] } });

    const a = await created({ rent: '950.5', amenities: ['Garden'], portal: 'Rightmove', listing_id: 'RM-9' });
    const edit = (await admin.get(`/lettings/${a.id}/edit`)).json();
    const editField = (name: string) =>
      edit.fields
        .flatMap((g: { fields: { name: string }[] }) => g.fields)
        .find((f: { name: string }) => f.name === name);
    expect(editField('rent').value).toBe('950.50');
    expect(editField('amenities').value).toEqual(['Garden']);
    expect(editField('reference')).toMatchObject({ disabled: true, value: a.reference });
    expect(editField('listing_id').value).toBe('RM-9');
  });
});

describe('the start-up check', () => {
  const declared = (
    fields: Parameters<typeof declareResource>[0]['fields'],
    list = { columns: ['name'], sort: ['name'], search: ['name'] },
  ) =>
    declareResource({
      name: 'lettings',
      spa: 'letting',
      noun: { one: 'letting', many: 'lettings' },
      area: 'units',
      tenancy: 'scoped',
      fields,
      list: list as never,
    });

  it('refuses a condition on an unknown field or a value the field cannot have, and a multi-choice sort', () => {
    const bind = (d: ReturnType<typeof declared>) => () => defineCrud(d, { table: lettings });
    expect(
      bind(
        declared(
          group('L', {
            name: text('Name', { required: true }),
            portal: choice('Portal', ['Rightmove']),
            listing_id: text('Listing id', { when: { field: 'portl', is: 'Rightmove' } }),
          }),
        ),
      ),
    ).toThrow(
      'Resource "lettings": field "listing_id" is shown when "portl" has a value, but that is not another field with a column (did you mean "portal"? valid: name, portal)',
    );
    expect(
      bind(
        declared(
          group('L', {
            name: text('Name', { required: true }),
            portal: choice('Portal', ['Rightmove']),
            listing_id: text('Listing id', { when: { field: 'portal', is: 'Rightmov' } }),
          }),
        ),
      ),
    ).toThrow(
      /field "listing_id" is shown when "portal" is "Rightmov", which "portal" cannot be \(it may be: Rightmove\)/,
    );
    expect(
      bind(
        declared(
          group('L', { name: text('Name', { required: true }), amenities: multiChoice('Amenities', ['Lift']) }),
          { columns: ['name'], sort: ['name', 'amenities'], search: ['name'] },
        ),
      ),
    ).toThrow(/list sort key "amenities" is a multi-choice/);
  });
});

describe('the security suites, on lettings', () => {
  it('junk in every body field and the fuzzer on every operation: 422 on the field, never a 5xx', async () => {
    const fx = declaredFixtures([lettingResource]);
    const ctx = { t, w, fx };
    // The writes with a body: create, update and the bulk change (delete only: lettings declare no bulk-editable
    // field).
    const writes = routeTable(t.app).filter(
      (r) => fx.covers(r.url) && (r.method === 'POST' || r.method === 'PUT') && r.body !== undefined,
    );
    expect(writes).toHaveLength(3);
    const outcomes = await junkAttack(ctx).junkFields(writes);
    expect(outcomes.flatMap((o) => o.problem ?? [])).toEqual([]);
    const structural = outcomes.filter((o) => o.structural);
    // Every writable field (the read-only reference is not one) with each structural junk, on both routes, the update's
    // `version`,
    // and the bulk change's action, ids and versions.
    expect(structural).toHaveLength((2 * 11 + 1 + 3) * STRUCTURAL.length);
    for (const o of structural) expect(o.status, o.tag).toBe(422);

    const fuzz = await fuzzer(ctx);
    const ops = fuzz.ops.filter((op) => fx.covers(op.path));
    // The seven routes, the history's two, the trash's two, the bulk change and the import's two (its template and its
    // file).
    expect(ops).toHaveLength(14);
    expect(
      await fuzz.fire(
        ops.flatMap((op) => fuzz.variants(op)),
        { ...w.headers.super_admin, 'x-tenant': w.own.id },
      ),
    ).toEqual([]);
    expect(
      await fuzz.fire(
        ops.flatMap((op) => fuzz.guestVariants(op)),
        { ...(await authClient(t).csrf()) },
      ),
    ).toEqual([]);
    expect(fuzz.statusCounts['POST /api/v1/lettings 422']).toBeGreaterThan(0);
  });
});
