// Date reminders (docs/resources.md "Date reminders") on certificates: each threshold mailed exactly once per record
// and recipient, on its boundary day (with "today" handed to the job), across runs, restarts and two instances at
// once; only the most urgent threshold for a record first seen past several; a renewed date reminded afresh; a mail
// that failed retried next turn for those not yet told; none for a certificate in the trash or replaced by a newer
// one, none to a user who may not update certificates, is disabled or is of another company; each reminder audited.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { REMINDERS_JOB, sendDateReminders } from '../../server/reminders/job';
import type { Mailer } from '../../server/mail/mailer';
import { certificateResource } from '../../contract/resources/certificates';
import { areaByKey, areaKeyOf, mayOpenArea, permissionOf } from '../../contract/access';
import { hasPermission, OLYMPUS_SYSTEM, SUPER_ADMIN } from '../../contract/roles';
import { CERTIFICATE_TYPES, warnDaysOf } from '../../contract/compliance';
import { addDays, todayUtc } from '../../contract/dates';
import { createTestApp, type TestApp } from './harness';
import { createRole, createUser, OLYMPUS_GRANTS } from './factories';
import { apiAs, auditFor, createProperty, createWorld, unique, type Api, type World } from './resources-fixtures';
import { userSystems } from '../../server/db/schema';
import { defineCrud } from '../../server/crud';
import { declareResource, date, group, text, type ResourceDecl } from '../../contract/resources/declare';
import { createPoliciesTable, policies, policyResource } from './policy-resource';

/** Another resource with reminders and no framework edit: an insurance policy's renewal (docs/resources.md). */
const remindedPolicies = {
  ...policyResource,
  reminders: {
    field: 'renews_on',
    thresholds: [
      { key: 'renewal', daysBefore: 30 },
      { key: 'lapsed', daysBefore: 0 },
    ],
  },
} as const;
const policyCrud = defineCrud(remindedPolicies, { table: policies });

let t: TestApp;
let w: World;
let admin: Api;
const db = () => t.database.db;
const T = todayUtc();
/** Who must be told: the own company's users whose role may update certificates by the routes' rules. */
let expected: string[];
/** Users who must never be told: a viewer of compliance, a disabled admin, another company's admin. */
let never: string[];

const mayUpdate = (role: string | null, permissions: readonly string[], decl = certificateResource as ResourceDecl) =>
  role !== null &&
  mayOpenArea(areaByKey(areaKeyOf(decl)), { role, permissions }) &&
  (role === SUPER_ADMIN || hasPermission(permissions, permissionOf(decl, 'update')));
/** The own company's users (of the world) who may update records of `decl`. */
const mayUpdateOf = (decl: ResourceDecl) =>
  Object.entries(w.users)
    .filter(([role]) => role !== 'none' && mayUpdate(role, OLYMPUS_GRANTS[role] ?? [], decl))
    .map(([, u]) => u.email)
    .sort();

beforeAll(async () => {
  t = await createTestApp({}, { resources: [policyCrud.routes] });
  await createPoliciesTable(db());
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  expected = mayUpdateOf(certificateResource);
  // A role that may see compliance but not update it; a disabled admin; an admin of the other company.
  const viewerRole = await createRole(db(), OLYMPUS_SYSTEM, 'compliance_viewer', ['compliance.view']);
  const viewer = await createUser(db(), { companies: [w.own], name: 'The viewer' });
  await db().insert(userSystems).values({ userId: viewer.id, systemId: viewerRole.systemId, roleId: viewerRole.id });
  const disabled = await createUser(db(), { role: 'admin', companies: [w.own], disabled: true });
  const elsewhere = await createUser(db(), { role: 'admin', companies: [w.other] });
  never = [viewer.email, disabled.email, elsewhere.email];
  expect(mayUpdate('compliance_viewer', ['compliance.view'])).toBe(false);
  expect(expected).toContain(w.users.admin.email);
});
afterAll(() => t.close());

interface Cert {
  id: string;
  expires_on: string;
}

async function certificate(body: Record<string, unknown>, propertyId?: string): Promise<Cert> {
  const property = propertyId ?? (await createProperty(db(), w.own.id, { name: unique('Reminded') })).id;
  const res = await admin.post('/certificates', { property_id: property, type: 'gas_safety', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Cert;
}

/** The mails about one record so far, by recipient. */
const mailsAbout = (id: string, spa = 'certificate') =>
  t.mail.messages.filter((m) => m.text.includes(`/dashboard/${spa}/${id}`));
const recipientsOf = (id: string, spa?: string) => mailsAbout(id, spa).flatMap((m) => m.to);

const run = (today: string, mailer: Mailer = t.app.mailer) =>
  sendDateReminders(db(), t.app.mountedResources, { mailer, publicUrl: t.config.publicUrl, today, gapMs: 0 });

const reminded = async (id: string) =>
  (await auditFor(db(), id)).filter((r) => r.action.endsWith('.reminded')).map((r) => r.detail);

const states = async (id: string) =>
  Object.fromEntries(
    (
      (await db().execute(sql`select threshold, state from reminders where record_id = ${id}`)) as unknown as {
        rows: { threshold: string; state: string }[];
      }
    ).rows.map((r) => [r.threshold, r.state]),
  );

const restart = async () => {
  await db().execute(sql`delete from maintenance_runs where name = ${REMINDERS_JOB}`);
  const app = await buildApp({ config: t.config, database: t.database, logger: false });
  await app.ready();
  await app.close();
  app.mailer.close();
};

describe('once, across restarts and instances (today by the clock)', () => {
  it('a certificate in its last week: one mail per recipient at start, none after a second restart', async () => {
    const cert = await certificate({ issued_on: addDays(T, -360), expires_on: addDays(T, 3) });
    await restart();
    expect(recipientsOf(cert.id).sort()).toEqual(expected);
    await restart();
    expect(recipientsOf(cert.id).sort()).toEqual(expected);
    expect(await reminded(cert.id)).toEqual([
      expect.objectContaining({ threshold: 'week', recipients: expected.length, days_left: 3, actor: 'system' }),
    ]);
  });

  it('two instances starting at once, and three turns running at once: one mail per recipient', async () => {
    const cert = await certificate({ issued_on: addDays(T, -360), expires_on: addDays(T, 5) });
    await db().execute(sql`delete from maintenance_runs where name = ${REMINDERS_JOB}`);
    const a = await buildApp({ config: t.config, database: t.database, logger: false });
    const b = await buildApp({ config: t.config, database: t.database, logger: false });
    let again: Cert;
    try {
      await Promise.all([a.ready(), b.ready()]);
      // Past the turn's gap, the row's claim alone keeps them apart (the start's turn may still be under way too).
      again = await certificate({ issued_on: addDays(T, -360), expires_on: addDays(T, 6) });
      const both = (app: typeof a) =>
        sendDateReminders(app.db, app.mountedResources, { mailer: app.mailer, publicUrl: 'http://x', gapMs: 0 });
      // A turn is taken under an advisory lock held only while it is claimed: when an instance's start turn is
      // claiming it at that moment, all three lose it and skip (the next hourly turn would go). Run them again
      // until one of them has taken a turn.
      for (let tries = 0; tries < 20; tries++) {
        const turns = await Promise.all([both(a), both(b), both(a)]);
        if (turns.some((r) => r !== null)) break;
      }
    } finally {
      // A close waits for its turn under way.
      await a.close();
      await b.close();
      a.mailer.close();
      b.mailer.close();
    }
    for (const id of [cert.id, again.id]) {
      expect(recipientsOf(id).sort()).toEqual(expected);
      expect(await reminded(id)).toHaveLength(1);
    }
  });
});

// Fake days far beyond the clock's (certificates expiring 100+ days on), each test's later than the one before.
describe('each threshold on its day (today handed to the job)', () => {
  it('the warning window of its type, the last week and the day of expiry: each once, to exactly who may update', async () => {
    const E = addDays(T, 100);
    const cert = await certificate({ issued_on: addDays(T, -200), expires_on: E });
    const warn = warnDaysOf('gas_safety');
    const steps: [number, string | null][] = [
      [-warn - 1, null],
      [-warn, 'warning'],
      [-warn, null],
      [-8, null],
      [-7, 'week'],
      [-7, null],
      [-1, null],
      [0, 'expired'],
      [5, null],
    ];
    let before = 0;
    for (const [offset, threshold] of steps) {
      await run(addDays(E, offset));
      const now = mailsAbout(cert.id);
      const fresh = now.slice(before);
      before = now.length;
      expect(fresh.flatMap((m) => m.to).sort(), `${offset} days: ${threshold ?? 'no mail'}`).toEqual(
        threshold ? expected : [],
      );
      for (const address of never) expect(now.flatMap((m) => m.to)).not.toContain(address);
    }
    expect((await reminded(cert.id)).map((d) => d?.threshold)).toEqual(['warning', 'week', 'expired']);
    expect(await states(cert.id)).toEqual({ warning: 'sent', week: 'sent', expired: 'sent' });

    // What the mail says: property, type, expiry, days left, a link; the audit row keeps none of it.
    const week = mailsAbout(cert.id).find((m) => m.text.includes('in 7 days'))!;
    const property = (await admin.get(`/certificates/${cert.id}`)).json().data.property.name as string;
    expect(week.subject).toContain(CERTIFICATE_TYPES.gas_safety.label);
    expect(week.subject).toContain(property);
    expect(week.text).toContain(`Property: ${property}`);
    expect(week.text).toContain(`Type: ${CERTIFICATE_TYPES.gas_safety.label}`);
    expect(week.text).toContain('Days left: 7 (in 7 days)');
    expect(week.text).toMatch(/Expires on: \w{3},? \d{1,2} \w{3} \d{4}/);
    expect(week.text).toContain(`${t.config.publicUrl}/dashboard/certificate/${cert.id}/edit`);
    expect(week.html).toContain(`/dashboard/certificate/${cert.id}/edit`);
    const audits = await auditFor(db(), cert.id);
    const row = audits.find((r) => r.action === 'certificate.reminded')!;
    expect(row).toMatchObject({ actor_id: null, tenant_id: w.own.id, entity: 'certificate' });
    expect(JSON.stringify(row)).not.toContain(property);
  });

  it('first seen already expired: only the expired reminder, the lesser ones recorded as skipped; a renewed date afresh', async () => {
    const E = addDays(T, 300);
    const cert = await certificate({ issued_on: addDays(T, -100), expires_on: E });
    await run(addDays(E, 2));
    expect(recipientsOf(cert.id).sort()).toEqual(expected);
    expect(await states(cert.id)).toEqual({ warning: 'skipped', week: 'skipped', expired: 'sent' });
    expect(await reminded(cert.id)).toEqual([
      expect.objectContaining({ threshold: 'expired', days_left: -2, skipped: ['warning', 'week'] }),
    ]);
    await run(addDays(E, 3));
    expect(recipientsOf(cert.id)).toHaveLength(expected.length);

    // Renewed: the new date's reminders apply afresh (the week before it: the week's, the warning skipped).
    const renewed = addDays(E, 400);
    expect((await admin.put(`/certificates/${cert.id}`, { expires_on: renewed })).statusCode).toBe(200);
    await run(addDays(E, 10));
    expect(recipientsOf(cert.id)).toHaveLength(expected.length);
    await run(addDays(renewed, -7));
    expect(recipientsOf(cert.id)).toHaveLength(2 * expected.length);
    expect((await reminded(cert.id)).map((d) => [d?.threshold, d?.due_on])).toEqual([
      ['expired', E],
      ['week', renewed],
    ]);
  });

  it('none for a certificate in the trash or one replaced by a newer one of the same property, unit and type', async () => {
    const E = addDays(T, 1000);
    const trashed = await certificate({ issued_on: addDays(T, -100), expires_on: E });
    expect((await admin.delete(`/certificates/${trashed.id}`)).statusCode).toBe(200);
    const property = (await createProperty(db(), w.own.id, { name: unique('Replaced') })).id;
    const old = await certificate({ issued_on: addDays(T, -100), expires_on: E }, property);
    const newer = await certificate({ issued_on: addDays(T, -10), expires_on: addDays(E, 365) }, property);
    // Another type on the same property replaces nothing.
    const eicr = await certificate({ type: 'eicr', issued_on: addDays(T, -100), expires_on: E }, property);
    await run(addDays(E, -7));
    expect(mailsAbout(trashed.id)).toEqual([]);
    expect(mailsAbout(old.id)).toEqual([]);
    expect(mailsAbout(newer.id)).toEqual([]);
    expect(recipientsOf(eicr.id).sort()).toEqual(expected);
    expect(await reminded(old.id)).toEqual([]);
  });

  it('a mail that fails is retried next turn, to those not yet told only, and audited once', async () => {
    const E = addDays(T, 1500);
    const cert = await certificate({ issued_on: addDays(T, -100), expires_on: E });
    const failing: Mailer = {
      send: (m) => (m.to === w.users.admin.email ? Promise.reject(new Error('421 try later')) : t.app.mailer.send(m)),
      close: () => {},
    };
    const first = await run(addDays(E, -7), failing);
    // (Earlier tests' certificates, expired by this day, fail to the admin too.)
    expect(first?.failed).toBeGreaterThanOrEqual(1);
    expect(recipientsOf(cert.id).sort()).toEqual(expected.filter((e) => e !== w.users.admin.email));
    expect(await states(cert.id)).toMatchObject({ week: 'pending' });
    expect(await reminded(cert.id)).toEqual([]);
    await run(addDays(E, -6));
    expect(recipientsOf(cert.id).sort()).toEqual(expected);
    expect(await states(cert.id)).toMatchObject({ week: 'sent' });
    expect(await reminded(cert.id)).toEqual([
      expect.objectContaining({ threshold: 'week', recipients: expected.length }),
    ]);
  });
});

describe('on another resource, by its declaration alone', () => {
  it("an insurance policy's renewal: its thresholds, to whoever may update policies, audited as policy.reminded", async () => {
    const R = addDays(T, 2000);
    const res = await admin.post('/policies', { name: unique('Buildings cover'), renews_on: R });
    expect(res.statusCode, res.body).toBe(201);
    const policy = res.json().data as { id: string; name: string };
    const told = mayUpdateOf(remindedPolicies);
    expect(told).toContain(w.users.admin.email);
    await run(addDays(R, -31));
    expect(mailsAbout(policy.id, 'policy')).toEqual([]);
    await run(addDays(R, -30));
    await run(addDays(R, -29));
    expect(recipientsOf(policy.id, 'policy').sort()).toEqual(told);
    const mail = mailsAbout(policy.id, 'policy')[0];
    expect(mail.subject).toMatch(new RegExp(`^Policy reminder: ${policy.name}, renews on .+ \\(in 30 days\\)$`));
    expect(mail.text).toContain('Days left: 30 (in 30 days)');
    await run(R);
    expect(recipientsOf(policy.id, 'policy')).toHaveLength(2 * told.length);
    expect((await reminded(policy.id)).map((d) => d?.threshold)).toEqual(['renewal', 'lapsed']);
    expect((await auditFor(db(), policy.id)).filter((r) => r.action === 'policy.reminded')).toHaveLength(2);
  });

  it('a reminder on a field that is not a date: refused by the type checker and at start, naming the date fields', () => {
    const fields = {
      ...group('Policy', { name: text('Policy name', { required: true }), renews_on: date('Renews on') }),
    };
    declareResource({
      name: 'wrong',
      spa: 'wrong',
      noun: { one: 'wrong', many: 'wrongs' },
      area: 'units',
      tenancy: 'scoped',
      fields,
      list: { columns: ['name'], sort: ['name'], search: ['name'] },
      // @ts-expect-error: "name" is no date field
      reminders: { field: 'name', thresholds: [{ key: 'due', daysBefore: 30 }] },
    });
    const wrong = { ...remindedPolicies, reminders: { ...remindedPolicies.reminders, field: 'renews_onn' } };
    expect(() => defineCrud(wrong, { table: policies })).toThrow(
      'Resource "policies": reminders: "renews_onn" is not a date field (did you mean "renews_on"?',
    );
    const twice = {
      ...remindedPolicies,
      reminders: { field: 'renews_on', thresholds: [{ key: 'due', daysBefore: -1 }] },
    };
    expect(() => defineCrud(twice, { table: policies })).toThrow('threshold "due" must be a whole number of days');
  });
});
