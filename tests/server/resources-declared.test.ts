// A resource declared only in the test tree (docs/resources.md): the throwaway "gadgets" declaration
// and table (./throwaway-resource.ts), registered through the same generic plugin as units, gets the
// whole API from the declaration — list (paging, search, sort, meta.total), OpenAPI entries, forms,
// create/update/delete with audit rows, 422 field errors and 404 for another company's record — with
// refusals changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { apiAs, auditFor, count, createProperty, createWorld, type Api, type World } from './resources-fixtures';
import { createGadgetsTable, gadgetCrud as crud, gadgets } from './throwaway-resource';

let t: TestApp;
let w: World;
let admin: Api;
let home: { id: string; companyId: string };
const db = () => t.database.db;
const rows = () => count(db(), sql`select count(*) as n from gadgets`);

beforeAll(async () => {
  t = await createTestApp({}, { resources: [crud.routes] });
  await createGadgetsTable(db());
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  home = await createProperty(db(), w.own.id, { name: 'Home Block' });
});
afterAll(() => t.close());

describe('a declared resource', () => {
  it('creates, reads, updates and deletes, each with its message and audit row', async () => {
    const created = await admin.post('/gadgets', {
      name: ' Sprocket ',
      property_id: home.id,
      colour: 'Red',
      weight: '3',
      notes: '',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toEqual({
      message: 'The gadget has been created',
      uuid: id,
      id,
      name: 'Sprocket',
      property_id: home.id,
      property: { uuid: home.id, name: 'Home Block' },
      colour: 'Red',
      notes: null,
      weight: 3,
      boxed: true,
      version: 1,
    });
    expect((await admin.get(`/gadgets/${id}`)).json().data).toMatchObject({ name: 'Sprocket', weight: 3 });

    const updated = await admin.put(`/gadgets/${id}`, { weight: 5, boxed: false });
    expect(updated.json().data).toMatchObject({
      message: 'The gadget has been updated',
      name: 'Sprocket',
      weight: 5,
      boxed: false,
    });
    const deleted = await admin.delete(`/gadgets/${id}`);
    expect(deleted.json()).toEqual({ data: { message: 'The gadget has been deleted' } });
    expect((await admin.get(`/gadgets/${id}`)).json()).toEqual({ message: 'Gadget not found.' });

    const audit = await auditFor(db(), id);
    expect(audit.map((r) => [r.action, r.entity, r.actor_id, r.tenant_id])).toEqual([
      ['gadget.created', 'gadget', w.users.admin.id, w.own.id],
      ['gadget.updated', 'gadget', w.users.admin.id, w.own.id],
      ['gadget.deleted', 'gadget', w.users.admin.id, w.own.id],
    ]);
    expect(audit[1].changes).toEqual({
      weight: { before: 3, after: 5 },
      boxed: { before: true, after: false },
      version: { before: 1, after: 2 },
    });
  });

  it('answers 422 with field errors from the declaration, and writes nothing', async () => {
    const theirs = await createProperty(db(), w.other.id);
    const before = await rows();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ property_id: home.id }, { name: ['The name field is required.'] }],
      [{ name: '   ', property_id: home.id }, { name: ['The name field is required.'] }],
      [{ name: 'n'.repeat(41), property_id: home.id }, { name: ['The name may not be greater than 40 characters.'] }],
      [{ name: 'G', property_id: theirs.id }, { property_id: ['The selected property is invalid.'] }],
      [{ name: 'G', property_id: home.id, colour: 'Green' }, { colour: ['The selected colour is invalid.'] }],
      [{ name: 'G', property_id: home.id, weight: 10 }, { weight: ['The weight may not be greater than 9.'] }],
      [{ name: 'G', property_id: home.id, weight: 1.5 }, { weight: ['The weight must be a number.'] }],
      [
        { name: 'G', property_id: home.id, notes: 'x'.repeat(101) },
        { notes: ['The notes may not be greater than 100 characters.'] },
      ],
      [{ name: 'G', property_id: home.id, boxed: 'perhaps' }, { boxed: ['The boxed must be a boolean.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await admin.post('/gadgets', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await rows()).toBe(before);
  });

  it('answers 404 for another company’s record on every route, changing nothing', async () => {
    const theirProperty = await createProperty(db(), w.other.id);
    const [theirs] = await db()
      .insert(gadgets)
      .values({ companyId: w.other.id, propertyId: theirProperty.id, name: 'Theirs' })
      .returning();
    for (const [method, url] of [
      ['GET', `/gadgets/${theirs.id}`],
      ['GET', `/gadgets/${theirs.id}/edit`],
      ['PUT', `/gadgets/${theirs.id}`],
      ['DELETE', `/gadgets/${theirs.id}`],
    ]) {
      const res = await admin.request(method, url, method === 'PUT' ? { name: 'Mine now' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Gadget not found.' });
    }
    const [still] = await db()
      .select()
      .from(gadgets)
      .where(sql`${gadgets.id} = ${theirs.id}`);
    expect(still.name).toBe('Theirs');
    expect(await auditFor(db(), theirs.id)).toEqual([]);
    expect((await admin.get('/gadgets')).json().data.map((g: { name: string }) => g.name)).not.toContain('Theirs');
  });

  it('lists with paging, sort, search and meta.total', async () => {
    const other = await createProperty(db(), w.own.id, { name: 'Alpha Yard' });
    await db()
      .delete(gadgets)
      .where(sql`${gadgets.companyId} = ${w.own.id}`);
    const seed: [string, string | null, number, string][] = [
      ['cog', 'Red', 4, home.id],
      ['Bolt', 'Blue', 2, other.id],
      ['axle', null, 9, home.id],
    ];
    for (const [name, colour, weight, propertyId] of seed)
      await db().insert(gadgets).values({ companyId: w.own.id, propertyId, name, colour, weight });
    const names = (body: { data: { name: string }[] }) => body.data.map((g) => g.name);

    const whole = (await admin.get('/gadgets')).json();
    expect(Object.keys(whole)).toEqual(['data']);
    expect(names(whole)).toEqual(['axle', 'Bolt', 'cog']);
    const page = (await admin.get('/gadgets?page=2&per_page=2')).json();
    expect(page).toMatchObject({ meta: { total: 3, page: 2, per_page: 2 } });
    expect(names(page)).toEqual(['cog']);
    expect(names((await admin.get('/gadgets?sort=-weight')).json())).toEqual(['axle', 'cog', 'Bolt']);
    // Sorted by the referenced property's name (ties follow the id): Alpha Yard before Home Block.
    expect(names((await admin.get('/gadgets?sort=property')).json())[0]).toBe('Bolt');
    expect(names((await admin.get('/gadgets?sort=property:desc')).json())[2]).toBe('Bolt');
    const red = (await admin.get('/gadgets?q=RED')).json();
    expect(red).toEqual({
      data: [expect.objectContaining({ name: 'cog', property: { uuid: home.id, name: 'Home Block' } })],
      meta: { total: 1 },
    });
    expect(names((await admin.get('/gadgets?q=alpha&q_in=property')).json())).toEqual(['Bolt']);
    const badSort = await admin.get('/gadgets?sort=notes');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json().errors).toEqual({
      sort: ['The selected sort is invalid. Sort by one of: name, weight, property.'],
    });
  });

  it('serves its create and edit forms from the declaration', async () => {
    const theirs = await createProperty(db(), w.other.id, { name: 'Not Mine' });
    const create = (await admin.get('/gadgets/create')).json();
    expect(create.data).toEqual({});
    expect(create.fields.map((g: { group: string }) => g.group)).toEqual(['Gadget', 'More']);
    const [first, more] = create.fields;
    expect(first.fields[0]).toEqual({
      name: 'name',
      label: 'Gadget name',
      type: 'text',
      required: true,
      maxlength: 40,
    });
    expect(first.fields[1]).toMatchObject({
      name: 'property_id',
      label: 'Kept at',
      type: 'select',
      required: true,
      'options-from': 'properties',
    });
    expect(first.fields[1].options[home.id]).toBe('Home Block');
    expect(first.fields[1].options[theirs.id]).toBeUndefined();
    expect(first.fields[2]).toEqual({
      name: 'colour',
      label: 'Colour',
      type: 'select',
      options: { Red: 'Red', Blue: 'Blue' },
    });
    expect(more.fields).toEqual([
      { name: 'notes', label: 'Notes', type: 'textarea', maxlength: 100 },
      { name: 'weight', label: 'Weight', type: 'number', min: 1, max: 9 },
      { name: 'boxed', label: 'Boxed', type: 'checkbox', value: true, checked: true },
    ]);

    const [g] = await db()
      .insert(gadgets)
      .values({ companyId: w.own.id, propertyId: home.id, name: 'Edited', weight: 7 })
      .returning();
    const edit = (await admin.get(`/gadgets/${g.id}/edit`)).json();
    expect(edit.data).toMatchObject({ id: g.id, name: 'Edited' });
    const values = Object.fromEntries(
      edit.fields
        .flatMap((x: { fields: { name: string; value: unknown }[] }) => x.fields)
        .map((f: { name: string; value: unknown }) => [f.name, f.value]),
    );
    expect(values).toEqual({ name: 'Edited', property_id: home.id, colour: '', notes: '', weight: 7, boxed: true });
  });

  it('is documented in OpenAPI and guarded like every resource route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/gadgets'].get).toMatchObject({
      tags: ['gadgets'],
      summary: 'The gadgets of the X-Tenant company',
    });
    expect(doc.paths['/api/v1/gadgets'].post.summary).toBe('Create a gadget in the X-Tenant company');
    // A delete moves the gadget to the trash (docs/resources.md "Trash").
    expect(doc.paths['/api/v1/gadgets/{id}'].delete.summary).toBe(
      'Move a gadget to the trash (?purge=true: delete it forever, super_admin only)',
    );
    expect(doc.paths['/api/v1/gadgets'].post.requestBody.content['application/json'].schema.properties.weight).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 9,
      nullable: true,
    });

    const before = await rows();
    const guest = apiAs(t, null, w.own.id);
    expect((await guest.post('/gadgets', { name: 'G', property_id: home.id })).statusCode).toBe(401);
    const systemUser = apiAs(t, w.headers.system_user, w.own.id);
    expect((await systemUser.post('/gadgets', { name: 'G', property_id: home.id })).statusCode).toBe(403);
    expect((await admin.post('/gadgets', { name: 'G', property_id: home.id }, null)).statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });
});
