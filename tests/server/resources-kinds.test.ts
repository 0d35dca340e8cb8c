// The checked field kinds and optional references of a declared resource (docs/resources.md "Fields",
// "References"), on a resource declared only in the test tree (./supplier-resource.ts: an email, a tel,
// a url, a date, two optional references to properties, 'restrict' and 'set null'): what a client
// sees — the 422 messages, the OpenAPI entries, null references read back and listed, a referenced
// property's delete answering 409 with the derived message (or emptying the 'set null' ones), and
// races that never answer 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { properties } from '../../server/db/schema';
import { createTestApp, type TestApp } from './harness';
import {
  apiAs,
  auditFor,
  count,
  createProperty,
  createUnit,
  createWorld,
  type Api,
  type World,
} from './resources-fixtures';
import { createSuppliersTable, supplierCrud, suppliers } from './supplier-resource';
import { createGadgetsTable, gadgetCrud, gadgets } from './throwaway-resource';

let t: TestApp;
let w: World;
let admin: Api;
const db = () => t.database.db;
const rows = () => count(db(), sql`select count(*) as n from suppliers`);
/** A live property (a deleted one waits in the trash: docs/resources.md "Trash"). */
const propertyExists = async (id: string) =>
  (
    await db()
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, id), isNull(properties.deletedAt)))
  ).length === 1;
const propertyRow = async (id: string) =>
  (await db().select({ id: properties.id }).from(properties).where(eq(properties.id, id))).length === 1;
const supplier = async (id: string) => (await db().select().from(suppliers).where(eq(suppliers.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp({}, { resources: [gadgetCrud.routes, supplierCrud.routes] });
  await createGadgetsTable(db());
  await createSuppliersTable(db());
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
});
afterAll(() => t.close());

describe('email, tel, url and date fields', () => {
  it('accept valid values (trimmed), and read them back; blank optional ones are null', async () => {
    const res = await admin.post('/suppliers', {
      name: 'Acme',
      email: ' ada@example.com ',
      phone: '+44 (20) 7946-0000',
      website: 'https://acme.example/a?b=1',
      start_date: '2024-02-29',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(res.json().data).toMatchObject({
      email: 'ada@example.com',
      phone: '+44 (20) 7946-0000',
      website: 'https://acme.example/a?b=1',
      start_date: '2024-02-29',
    });
    expect((await supplier(id)).startDate).toBe('2024-02-29');

    const cleared = await admin.put(`/suppliers/${id}`, { email: '', phone: '  ', website: null, start_date: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ email: null, phone: null, website: null, start_date: null });
    expect(await supplier(id)).toMatchObject({ email: null, phone: null, website: null, startDate: null });
  });

  it('answer 422 naming the field, with the exact messages, and write nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ email: 'not-an-email' }, { email: ['The email must be a valid email address.'] }],
      [{ phone: '0123 45' }, { phone: ['The phone must be at least 10 characters.'] }],
      [{ phone: '020 7946 ext 1' }, { phone: ['The phone format is invalid.'] }],
      [{ website: 'not a url' }, { website: ['The website must be a valid URL.'] }],
      [{ website: 'ftp://files.example/x' }, { website: ['The website must be a valid URL.'] }],
      [{ website: 'javascript:alert(1)' }, { website: ['The website must be a valid URL.'] }],
      [{ start_date: '2025-02-29' }, { start_date: ['The start date is not a valid date.'] }],
      [{ start_date: '5/3/2025' }, { start_date: ['The start date is not a valid date.'] }],
      [{ start_date: '2025-03-05T10:00:00Z' }, { start_date: ['The start date is not a valid date.'] }],
      [
        { email: 'a@', phone: 'x', website: 'http://', start_date: '2025-13-01' },
        {
          email: ['The email must be a valid email address.'],
          phone: ['The phone must be at least 10 characters.', 'The phone format is invalid.'],
          website: ['The website must be a valid URL.'],
          start_date: ['The start date is not a valid date.'],
        },
      ],
    ];
    for (const [fields, errors] of cases) {
      const res = await admin.post('/suppliers', { name: 'Bad', ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors, JSON.stringify(fields)).toEqual(errors);
    }
    const [{ id }] = await db()
      .insert(suppliers)
      .values({ companyId: w.own.id, name: 'Kept', email: 'kept@example.com' })
      .returning();
    const res = await admin.put(`/suppliers/${id}`, { email: 'kept@' });
    expect(res.json()).toEqual({
      message: 'The email must be a valid email address.',
      errors: { email: ['The email must be a valid email address.'] },
    });
    expect((await supplier(id)).email).toBe('kept@example.com');
    expect(await rows()).toBe(before + 1);
  });

  it('are published in the OpenAPI document with their format, least length and pattern', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = doc.paths['/api/v1/suppliers'].post.requestBody.content['application/json'].schema.properties;
    expect(body.email).toEqual({ type: 'string', format: 'email', maxLength: 255, nullable: true });
    expect(body.phone).toEqual({
      type: 'string',
      minLength: 10,
      maxLength: 32,
      pattern: '^[0-9 +()-]*$',
      nullable: true,
    });
    expect(body.website).toMatchObject({ type: 'string', format: 'uri', maxLength: 2048, nullable: true });
    expect(body.website.pattern).toMatch(/^\^\[Hh\]\[Tt\]\[Tt\]\[Pp\]\[Ss\]\?:\/\//);
    expect(body.start_date).toEqual({ type: 'string', format: 'date', nullable: true });
    const read =
      doc.paths['/api/v1/suppliers/{id}'].get.responses['200'].content['application/json'].schema.properties.data
        .properties;
    expect(read.start_date).toMatchObject({ format: 'date' });
    expect(read.property).toMatchObject({ nullable: true });
  });

  it('serve their form fields: tel with its least length, url, date, and each optional reference', async () => {
    const form = (await admin.get('/suppliers/create')).json();
    const fields = form.fields.flatMap((g: { fields: object[] }) => g.fields);
    expect(fields.find((f: { name: string }) => f.name === 'phone')).toEqual({
      name: 'phone',
      label: 'Phone',
      type: 'tel',
      maxlength: 32,
      minlength: 10,
    });
    expect(fields.find((f: { name: string }) => f.name === 'website')).toEqual({
      name: 'website',
      label: 'Website',
      type: 'url',
      maxlength: 2048,
    });
    expect(fields.find((f: { name: string }) => f.name === 'start_date')).toEqual({
      name: 'start_date',
      label: 'Start date',
      type: 'date',
    });
    expect(fields.find((f: { name: string }) => f.name === 'fallback_property_id')).toMatchObject({
      type: 'select',
      'options-from': 'properties',
    });
    expect(fields.find((f: { name: string }) => f.name === 'fallback_property_id').required).toBeUndefined();
  });
});

describe('optional references', () => {
  it('take null, blank or nothing, and read back as null; a set one reads its property', async () => {
    const home = await createProperty(db(), w.own.id, { name: 'Home Block' });
    for (const refs of [
      {},
      { property_id: null, fallback_property_id: null },
      { property_id: '', fallback_property_id: '' },
    ]) {
      const res = await admin.post('/suppliers', { name: 'No Property', ...refs });
      expect(res.statusCode, JSON.stringify(refs)).toBe(201);
      expect(res.json().data).toMatchObject({
        property_id: null,
        property: null,
        fallback_property_id: null,
        fallback_property: null,
      });
      expect((await admin.get(`/suppliers/${res.json().data.id}`)).json().data).toMatchObject({
        property: null,
        fallback_property: null,
      });
    }
    const set = await admin.post('/suppliers', { name: 'With Property', property_id: home.id });
    expect(set.json().data).toMatchObject({
      property_id: home.id,
      property: { uuid: home.id, name: 'Home Block' },
      fallback_property: null,
    });
    const unset = await admin.put(`/suppliers/${set.json().data.id}`, { property_id: null });
    expect(unset.json().data).toMatchObject({ property_id: null, property: null });
  });

  it('refuse another company’s property with 422 on that field, writing nothing', async () => {
    const theirs = await createProperty(db(), w.other.id);
    const before = await rows();
    for (const field of ['property_id', 'fallback_property_id'] as const) {
      const res = await admin.post('/suppliers', { name: 'Sneaky', [field]: theirs.id });
      expect(res.statusCode).toBe(422);
      const as = field === 'property_id' ? 'property' : 'fallback property';
      expect(res.json().errors).toEqual({ [field]: [`The selected ${as} is invalid.`] });
    }
    expect(await rows()).toBe(before);
  });

  it('list every row, with or without a reference, when sorted or searched by it', async () => {
    await db().delete(suppliers);
    const alpha = await createProperty(db(), w.own.id, { name: 'Alpha Yard' });
    const zulu = await createProperty(db(), w.own.id, { name: 'Zulu Court' });
    const seed: [string, string | null, string | null][] = [
      ['one', alpha.id, '2025-03-05'],
      ['two', null, null],
      ['three', zulu.id, '2024-12-31'],
      ['four', null, '2026-01-01'],
    ];
    for (const [name, propertyId, startDate] of seed)
      await db().insert(suppliers).values({ companyId: w.own.id, name, propertyId, startDate });
    const names = (url: string) => admin.get(url).then((r) => r.json().data.map((s: { name: string }) => s.name));

    expect((await names('/suppliers')).sort()).toEqual(['four', 'one', 'three', 'two']);
    // Without a property: last either way, in id order among themselves.
    expect((await names('/suppliers?sort=property')).slice(0, 2)).toEqual(['one', 'three']);
    expect((await names('/suppliers?sort=-property')).slice(0, 2)).toEqual(['three', 'one']);
    expect(await names('/suppliers?sort=property&page=1&per_page=3')).toHaveLength(3);
    const page = (await admin.get('/suppliers?sort=property&page=1&per_page=2')).json();
    expect(page.meta).toMatchObject({ total: 4 });
    expect(await names('/suppliers?sort=start_date')).toEqual(['three', 'one', 'four', 'two']);
    // A search on the property's name still reaches the other columns of a row without one.
    expect((await names('/suppliers?q=o')).sort()).toEqual(['four', 'one', 'three', 'two']);
    expect(await names('/suppliers?q=zulu&q_in=property')).toEqual(['three']);
    expect(await names('/suppliers?q=2025-03&q_in=start_date')).toEqual(['one']);
    const listed = (await admin.get('/suppliers?q=two')).json().data[0];
    expect(listed).toMatchObject({ property_id: null, property: null, start_date: null });
    expect((await admin.get('/suppliers?q=one')).json().data[0]).toMatchObject({
      property: { uuid: alpha.id, name: 'Alpha Yard' },
      start_date: '2025-03-05',
    });
  });
});

describe('deleting a referenced record', () => {
  const supplierOf = (name: string, values: Partial<typeof suppliers.$inferInsert>) =>
    db()
      .insert(suppliers)
      .values({ companyId: w.own.id, name, ...values })
      .returning()
      .then(([s]) => s);

  it('answers 409 with the derived message while a restrict reference holds it, deleting nothing', async () => {
    const p = await createProperty(db(), w.own.id);
    await supplierOf('s1', { propertyId: p.id });
    const res = await admin.delete(`/properties/${p.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This property is used by 1 supplier.' });

    await supplierOf('s2', { propertyId: p.id });
    await db().insert(gadgets).values({ companyId: w.own.id, propertyId: p.id, name: 'g1' });
    const several = await admin.delete(`/properties/${p.id}`);
    expect(several.json()).toEqual({ message: 'This property is used by 1 gadget and 2 suppliers.' });
    expect(await propertyExists(p.id)).toBe(true);
    expect(await count(db(), sql`select count(*) as n from suppliers where property_id = ${p.id}`)).toBe(2);
  });

  it('keeps a resource’s own refusal first (a property with units)', async () => {
    const p = await createProperty(db(), w.own.id);
    await createUnit(db(), p);
    await supplierOf('s3', { propertyId: p.id });
    const res = await admin.delete(`/properties/${p.id}`);
    expect(res.json()).toEqual({ message: 'This property still has units. Remove them first.' });
  });

  it('empties a set-null reference and deletes', async () => {
    const p = await createProperty(db(), w.own.id);
    const s = await supplierOf('s4', { fallbackPropertyId: p.id });
    const res = await admin.delete(`/properties/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(await propertyExists(p.id)).toBe(false);
    expect((await supplier(s.id)).fallbackPropertyId).toBeNull();
    expect((await admin.get(`/suppliers/${s.id}`)).json().data).toMatchObject({
      fallback_property_id: null,
      fallback_property: null,
    });
    // The supplier changed too, and says so in its own audit row, written with the delete.
    const rows = await auditFor(db(), s.id);
    expect(rows.find((r) => r.action === 'supplier.updated')).toMatchObject({
      entity: 'supplier',
      tenant_id: w.own.id,
      changes: { fallback_property_id: { before: p.id, after: null } },
      detail: { reason: 'The property it referred to was deleted.' },
    });
  });

  it('answers 409, not 500, when the foreign key refuses a dependent the count did not see', async () => {
    // Another company's row pointing here can only be written past the API; the key still holds it.
    // The delete moves the property to the trash (the count is the company's); deleting it forever meets the key.
    const p = await createProperty(db(), w.own.id);
    await db().insert(suppliers).values({ companyId: w.other.id, name: 'Elsewhere', propertyId: p.id });
    expect((await admin.delete(`/properties/${p.id}`)).statusCode).toBe(200);
    const res = await apiAs(t, w.headers.super_admin, w.own.id).delete(`/properties/${p.id}?purge=true`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This property is used by other records.' });
    expect(await propertyRow(p.id)).toBe(true);
  });

  it('answers 422, not 500, when the referenced property goes between the check and the write', async () => {
    const p = await createProperty(db(), w.own.id);
    const before = await rows();
    let create: Promise<{ statusCode: number; json(): { errors?: unknown } }> | undefined;
    // The property is deleted in a transaction that commits only once the create is under way: on
    // PostgreSQL its check still sees the property and its insert waits on the row, then fails its
    // foreign key; on PGlite (one connection) the create waits for the commit and its check refuses it.
    await db().transaction(async (tx) => {
      await tx.delete(properties).where(eq(properties.id, p.id));
      create = admin.post('/suppliers', { name: 'Too late', property_id: p.id });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await create!;
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ property_id: ['The selected property is invalid.'] });
    expect(await rows()).toBe(before);
  });

  it('never answers 500 when two deletes race the create of a dependent', async () => {
    for (let round = 0; round < 8; round++) {
      const p = await createProperty(db(), w.own.id);
      const [del1, create, del2] = await Promise.all([
        admin.delete(`/properties/${p.id}`),
        admin.post('/suppliers', { name: `race ${round}`, property_id: p.id }),
        admin.delete(`/properties/${p.id}`),
      ]);
      const statuses = [del1.statusCode, create.statusCode, del2.statusCode];
      for (const res of [del1, del2]) expect([200, 404, 409], JSON.stringify(statuses)).toContain(res.statusCode);
      expect([201, 422], JSON.stringify(statuses)).toContain(create.statusCode);
      // What persisted agrees with the answers: a created supplier kept its property, a deleted property left none.
      const exists = await propertyExists(p.id);
      expect(statuses.filter((s) => s === 200).length, JSON.stringify(statuses)).toBe(exists ? 0 : 1);
      expect(create.statusCode === 201, JSON.stringify(statuses)).toBe(exists);
      if (!exists)
        expect(await count(db(), sql`select count(*) as n from suppliers where property_id = ${p.id}`)).toBe(0);
    }
  });
});
