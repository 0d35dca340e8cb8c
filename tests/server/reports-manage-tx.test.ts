// Attack on consistency: report changes (the declared resource's generic writes) whose audit row cannot
// be written (a database failure on the audit insert) must not be stored either — change and audit row commit together
// or not at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, tokenFor } from './factories';
import { createReport } from './reports-fixtures';
import { count, failInserts } from './resources-fixtures';

let t: TestApp;
let acme: { id: string };
let superAuth: Record<string, string>;
let existing: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await createCompany(db, { name: 'Acme Lettings' });
  existing = await createReport(db, acme.id, { name: 'Portfolio overview', position: 0 });
  superAuth = await tokenFor(db, (await createUser(db, { role: 'super_admin', companies: [acme] })).id);
});
afterAll(() => t?.close());

const manage = (method: 'POST' | 'PUT' | 'DELETE', path = '', payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1/reports/manage${path}`,
    headers: { ...superAuth, 'x-tenant': acme.id },
    payload,
  });

const snapshot = async () => {
  const result = await t.database.db.execute(
    sql`select id, name, provider, workspace_id, report_id, dataset_id, rls_roles, position, updated_at from reports order by id`,
  );
  return (result as unknown as { rows: unknown[] }).rows;
};

describe('report management is one transaction with its audit row', () => {
  it('rolls back create, update and delete when their audit row cannot be written', async () => {
    const db = t.database.db;
    const before = await snapshot();
    const audits = await count(db, sql`select count(*) as n from audit_log`);
    const restore = await failInserts(db, 'audit_log', "new.action like 'report.%'");
    let answers;
    try {
      answers = await Promise.all([
        manage('POST', '', {
          name: 'Half made',
          provider: 'powerbi',
          workspace_id: randomUUID(),
          report_id: randomUUID(),
        }),
        manage('PUT', `/${existing.id}`, { name: 'Renamed', provider: 'builtin', position: 7 }),
        manage('DELETE', `/${existing.id}`),
      ]);
    } finally {
      await restore();
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/injected failure|at .*\.ts/);
    }
    expect(await snapshot()).toEqual(before);
    expect(await count(db, sql`select count(*) as n from reports where name = 'Half made'`)).toBe(0);
    expect(await count(db, sql`select count(*) as n from audit_log`)).toBe(audits);
  });

  it('still saves and audits together once the audit works', async () => {
    const res = await manage('PUT', `/${existing.id}`, { name: 'Renamed', provider: 'builtin' });
    expect(res.statusCode).toBe(200);
    expect(
      await count(
        t.database.db,
        sql`select count(*) as n from audit_log where action = 'report.updated' and entity_id = ${existing.id}`,
      ),
    ).toBe(1);
  });
});
