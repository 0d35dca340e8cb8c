// A declared record's history and restore, on the generic machinery: who changed which field and
// when (labels from the form, references by name, secrets only as changed), another company's
// record not found, and a restore that is an ordinary update — refused with the update's answers,
// leaving everything as it was, or audited as a restore of its entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { audit } from '../../server/audit';
import { apiAs, auditFor, createProperty, createWorld, type Api, type World } from './resources-fixtures';
import { createUser, tokenFor } from './factories';

let t: TestApp;
let w: World;
let admin: Api;
let superAdmin: Api;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  superAdmin = apiAs(t, w.headers.super_admin, w.own.id);
});
afterAll(() => t.close());

interface Change {
  field: string;
  label: string;
  before?: unknown;
  after?: unknown;
  names?: Record<string, string>;
  secret?: boolean;
}
interface Entry {
  id: string;
  kind: string;
  action: string;
  actor: { id: string; name: string | null } | null;
  current: boolean;
  restored_from?: string;
  changes: Change[];
}

async function history(api: Api, path: string): Promise<Entry[]> {
  const res = await api.get(`${path}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entry[];
}

async function newUnit(name: string, propertyId: string) {
  const res = await admin.post('/units', { name, property_id: propertyId, bedrooms: 2, unit_status: 'Available' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

describe('history of a declared record', () => {
  it('lists every change newest first, field by field, with the form labels and references by name', async () => {
    const oak = await createProperty(db(), w.own.id, { name: 'Oak House' });
    const elm = await createProperty(db(), w.own.id, { name: 'Elm Court' });
    const id = await newUnit('Flat 1', oak.id);
    expect((await admin.put(`/units/${id}`, { name: 'Flat 1A', bedrooms: 3 })).statusCode).toBe(200);
    expect((await admin.put(`/units/${id}`, { property_id: elm.id })).statusCode).toBe(200);

    const res = await admin.get(`/units/${id}/history?per_page=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ total: 3 });
    const [moved, renamed] = res.json().data as Entry[];
    expect(moved).toMatchObject({
      kind: 'updated',
      action: 'unit.updated',
      current: true,
      actor: { id: w.users.admin.id, name: 'The admin' },
    });
    const property = moved.changes.find((c) => c.field === 'property_id');
    expect(property).toMatchObject({
      label: 'Property',
      before: oak.id,
      after: elm.id,
      names: { [oak.id]: 'Oak House', [elm.id]: 'Elm Court' },
    });
    // Bookkeeping (updated_at) and the read shape's extras that are not form fields stay out.
    expect(moved.changes.map((c) => c.field).sort()).toEqual(
      ['full_address', 'property_id'].filter((f) => moved.changes.some((c) => c.field === f)).sort(),
    );
    expect(moved.changes.some((c) => c.field === 'updated_at')).toBe(false);
    expect(renamed.current).toBe(false);
    expect(renamed.changes.filter((c) => ['name', 'bedrooms'].includes(c.field))).toEqual([
      expect.objectContaining({ field: 'name', label: 'Unit name', before: 'Flat 1', after: 'Flat 1A' }),
      expect.objectContaining({ field: 'bedrooms', before: 2, after: 3 }),
    ]);

    const page2 = await admin.get(`/units/${id}/history?per_page=2&page=2`);
    expect(page2.json().data).toEqual([expect.objectContaining({ kind: 'created', action: 'unit.created' })]);
  });

  it('names a person deleted since by a null name, and the server itself by a null actor', async () => {
    const oak = await createProperty(db(), w.own.id, { name: 'Birch Yard' });
    const editor = await createUser(db(), { role: 'admin', companies: [w.own], name: 'Soon Gone' });
    const id = await newUnit('Flat 9', oak.id);
    expect(
      (await apiAs(t, await tokenFor(db(), editor.id), w.own.id).put(`/units/${id}`, { name: 'Flat 9A' })).statusCode,
    ).toBe(200);
    expect((await superAdmin.delete(`/users/${editor.id}`)).statusCode).toBe(200);
    await audit(db(), {
      action: 'unit.checked',
      owner: { company: w.own.id },
      actorId: null,
      entity: 'unit',
      entityId: id,
    });
    const [byServer, byGone] = await history(admin, `/units/${id}`);
    expect(byServer.actor).toBeNull();
    expect(byGone.actor).toEqual({ id: editor.id, name: null });
  });

  it('answers 404 for another company’s record, a missing one or a junk id, and 422 for a junk page', async () => {
    const theirs = await createProperty(db(), w.other.id, { name: 'Theirs' });
    expect((await admin.get(`/properties/${theirs.id}/history`)).statusCode).toBe(404);
    // Asking as the other company's tenant: not one of the admin's companies.
    expect((await admin.get(`/properties/${theirs.id}/history`, w.other.id)).statusCode).toBe(403);
    expect((await admin.get('/properties/00000000-0000-4000-8000-000000000000/history')).statusCode).toBe(404);
    expect((await admin.get('/properties/not-a-uuid/history')).statusCode).toBe(404);
    const mine = await createProperty(db(), w.own.id);
    expect((await admin.get(`/properties/${mine.id}/history?page=0`)).statusCode).toBe(422);
    expect((await admin.get(`/properties/${mine.id}/history?per_page=1000`)).statusCode).toBe(422);
    // Restoring into another company's record through an entry of one's own: not found, nothing changed.
    const own = await newUnit('Mine', mine.id);
    const [entry] = await history(admin, `/units/${own}`);
    expect((await admin.post(`/properties/${theirs.id}/history/${entry.id}/restore`)).statusCode).toBe(404);
    expect((await admin.post(`/units/${own}/history/999999999/restore`)).statusCode).toBe(404);
    expect((await admin.post(`/units/${own}/history/junk/restore`)).statusCode).toBe(404);
  });

  it('refuses history to those who may not read the record, and restore to those who may not change it', async () => {
    const mine = await createProperty(db(), w.own.id);
    const id = await newUnit('Guarded', mine.id);
    expect((await apiAs(t, w.headers.system_user, w.own.id).get(`/units/${id}/history`)).statusCode).toBe(403);
    expect((await apiAs(t, null, w.own.id).get(`/units/${id}/history`)).statusCode).toBe(401);
    const [entry] = await history(admin, `/units/${id}`);
    expect((await apiAs(t, w.headers.none, w.own.id).post(`/units/${id}/history/${entry.id}/restore`)).statusCode).toBe(
      403,
    );
  });
});

describe('restore', () => {
  it('puts the fields back as they were right after the entry, as one audited update naming it', async () => {
    const oak = await createProperty(db(), w.own.id, { name: 'Restore Oak' });
    const id = await newUnit('Flat 9', oak.id);
    await admin.put(`/units/${id}`, { name: 'Flat 9B', bedrooms: 4, furnished: true });
    await admin.put(`/units/${id}`, { description: 'Sea view' });
    const created = (await history(admin, `/units/${id}`)).at(-1)!;
    expect(created.kind).toBe('created');

    const res = await admin.post(`/units/${id}/history/${created.id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      message: 'The version was restored.',
      name: 'Flat 9',
      bedrooms: 2,
      furnished: false,
      description: null,
      property_id: oak.id,
    });
    const [restore] = await history(admin, `/units/${id}`);
    expect(restore).toMatchObject({ kind: 'updated', restored_from: created.id, current: true });
    const row = (await auditFor(db(), id)).at(-1);
    expect(row).toMatchObject({
      action: 'unit.updated',
      actor_id: w.users.admin.id,
      detail: { restored_from: created.id },
    });

    // The same again: nothing differs, nothing written.
    const again = await admin.post(`/units/${id}/history/${created.id}/restore`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.message).toBe('Nothing to restore: the record is already as it was in this version.');
    expect(await auditFor(db(), id)).toHaveLength(4);
  });

  it('is refused like an update when the version refers to a record that is gone, and changes nothing', async () => {
    const oak = await createProperty(db(), w.own.id, { name: 'Gone Oak' });
    const elm = await createProperty(db(), w.own.id, { name: 'Staying Elm' });
    const id = await newUnit('Flat 5', oak.id);
    await admin.put(`/units/${id}`, { property_id: elm.id, name: 'Flat 5E' });
    expect((await admin.delete(`/properties/${oak.id}`)).statusCode).toBe(200);
    const created = (await history(admin, `/units/${id}`)).at(-1)!;

    const res = await admin.post(`/units/${id}/history/${created.id}/restore`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ property_id: ['The selected property is invalid.'] });
    const now = await admin.get(`/units/${id}`);
    expect(now.json().data).toMatchObject({ name: 'Flat 5E', property_id: elm.id });
    expect(await auditFor(db(), id)).toHaveLength(2);
  });

  it('a user’s history lists the changes to the account, not their sign-ins, which stay in the audit log', async () => {
    const made = await superAdmin.post('/users', {
      name: 'Sid Signin',
      email: `sid.signin.${Date.now()}@example.com`,
      companies: [w.own.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    // Sign-in events as the sign-in writes them (server/auth/authAudit.ts): about the user, changing nothing.
    for (const action of ['auth.login', 'auth.login_failed', 'auth.password_reset_requested'])
      await audit(db(), { action, owner: { user: id }, actorId: id, entity: 'user', entityId: id, ip: '10.0.0.9' });
    expect((await superAdmin.put(`/users/${id}`, { name: 'Sid Renamed' })).statusCode).toBe(200);
    const res = await superAdmin.get(`/users/${id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Entry[]).map((e) => e.action)).toEqual(['user.updated', 'user.created']);
    expect(res.json().meta.total).toBe(2);
    const log = await superAdmin.get(`/audit?actor=${id}`);
    expect(log.statusCode, log.body).toBe(200);
    expect((log.json().data as { action: string }[]).map((r) => r.action).sort()).toEqual([
      'auth.login',
      'auth.login_failed',
      'auth.password_reset_requested',
    ]);
  });

  it('follows a resource’s own rules: a user’s history never shows or restores a secret, and an admin cannot restore a super admin', async () => {
    const made = await superAdmin.post('/users', {
      name: 'Dana Restore',
      email: `dana.restore.${Date.now()}@example.com`,
      companies: [w.own.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    expect((await superAdmin.put(`/users/${id}`, { name: 'Dana Renamed' })).statusCode).toBe(200);
    const entries = await history(superAdmin, `/users/${id}`);
    expect(entries[0].changes).toEqual([
      expect.objectContaining({ field: 'name', before: 'Dana Restore', after: 'Dana Renamed' }),
    ]);
    const res = await superAdmin.post(`/users/${id}/history/${entries.at(-1)!.id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.name).toBe('Dana Restore');

    // The super admin's own record: an admin may read users of the company, not change a super admin.
    const target = w.users.super_admin.id;
    await superAdmin.put(`/users/${target}`, { name: 'The super_admin once' });
    await superAdmin.put(`/users/${target}`, { name: 'The super_admin again' });
    const [now, once] = await history(superAdmin, `/users/${target}`);
    const before = await superAdmin.get(`/users/${target}`);
    const refused = await admin.post(`/users/${target}/history/${once.id}/restore`);
    expect(refused.statusCode).toBe(403);
    expect((await superAdmin.get(`/users/${target}`)).json().data.name).toBe(before.json().data.name);
    // Even where nothing would change, the answer is the refusal.
    expect((await admin.post(`/users/${target}/history/${now.id}/restore`)).statusCode).toBe(403);
  });
});
