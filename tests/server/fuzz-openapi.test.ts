// Fuzzes every operation of the OpenAPI document (so a new route is covered the day it is added):
// from a plausible request built from its schema, one field, query parameter or path id at a time is
// replaced with junk (text the database refuses, 70 kB strings, wrong types, deep nesting, extreme
// numbers), plus whole junk bodies; as super_admin with a tenant, and a subset as a guest. Never a
// 5xx (503 "not configured" aside), never a stack, always JSON with a message; healthy afterwards.
// resources-junk.test.ts checks the resources' field errors in detail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { apiAs, createWorld, unique, type World } from './resources-fixtures';
import { DECLARED_RESOURCES, declaredNamed, recordIn } from './declared-fixtures';
import { createRole, createSystem, createUser, tokenFor } from './factories';
import { createReport } from './reports-fixtures';
import { authClient, uniqueIp, type CsrfPair } from './auth-client';
import { BODY_JUNK, FEW_FIELD_JUNK, FIELD_JUNK, PATH_JUNK, QUERY_JUNK, TENANT_JUNK, sampleOf, type SchemaObject } from '../support/openapi-samples';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: SchemaObject;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: SchemaObject | undefined;
}

let t: TestApp;
let w: World;
let csrf: CsrfPair;
let ops: Operation[];
/** Real ids for each path's `{id}`, by the path's first segments, and real values for known body fields. */
let ids: Record<string, string>;
let fields: Record<string, () => unknown>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  w = await createWorld(db);
  csrf = await authClient(t).csrf();
  const role = await createRole(db, 'Olympus', unique('fuzz_role').toLowerCase().replace(/-/g, '_'));
  const report = await createReport(db, w.own.id, { name: 'Fuzz report' });
  const system = await createSystem(db, 'Everest');
  const user = await createUser(db, { companies: [w.own] });
  // Declared resources (docs/resources.md): a record each, companies' being the other company itself.
  const ctx = { t, w };
  const declared: Record<string, string> = {};
  for (const d of DECLARED_RESOURCES) declared[d.name] = await recordIn(ctx, d, d.tenancy === 'scoped' ? w.own : w.other, false);
  // Each declared reference field points at that record (same company).
  const refs: Record<string, () => unknown> = {};
  for (const d of DECLARED_RESOURCES)
    for (const [key, field] of Object.entries(d.fields)) if ('ref' in field && declaredNamed(field.ref.to)) refs[key] = () => declared[field.ref.to];
  ids = {
    ...declared,
    users: user.id,
    company: w.own.id,
    roles: role.id,
    reports: report.id,
    systems: system.id,
  };
  fields = {
    ...refs,
    companies: () => [w.own.id],
    olympus_role_uuid: () => null,
    everest_role_uuid: () => null,
    portal_role_uuid: () => null,
    permissions: () => [],
    settings: () => ({}),
    email: () => `${unique('fuzz').toLowerCase()}@example.test`,
  };

  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: SchemaObject }> } }>>;
  };
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );
});
afterAll(() => t?.close());

/** argon2 behind them: fewer variants. */
const isSlow = (op: Operation) => op.path.startsWith('/api/v1/auth/');
/** Deletions remove the records the others use, and logout ends the session: they run last, logout at the very end. */
const rank = (op: Operation) => (op.path === '/api/v1/auth/logout' ? 2 : op.method === 'DELETE' ? 1 : 0);

function idFor(path: string, name: string): string {
  if (name === 'integration') return 'maintenance';
  const segment = path.split('/').filter(Boolean)[path.startsWith('/api/v1/') ? 2 : 0];
  return ids[segment] ?? crypto.randomUUID();
}

function urlOf(op: Operation, pathValues: Record<string, string> = {}, query = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? encodeURIComponent(idFor(op.path, name)));
  return query ? `${path}?${query}` : path;
}

function bodyOf(op: Operation): Record<string, unknown> | undefined {
  if (!op.body) return undefined;
  const body = sampleOf(op.body) as Record<string, unknown>;
  for (const key of Object.keys(body)) if (fields[key]) body[key] = fields[key]();
  return body;
}

interface Sent {
  tag: string;
  method: string;
  url: string;
  payload?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

function variants(op: Operation): Sent[] {
  const out: Sent[] = [];
  const tag = `${op.method} ${op.path}`;
  const send = (what: string, url: string, payload?: unknown, raw?: string) => out.push({ tag: `${tag} ${what}`, method: op.method, url, payload, raw });
  const plausible = () => bodyOf(op);
  if (op.method !== 'DELETE') send('(plausible)', urlOf(op), plausible());
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    for (const junk of QUERY_JUNK) send(`?${p.name}=${junk.slice(0, 30)}`, urlOf(op, {}, `${p.name}=${junk}`), plausible());
    send(`?${p.name} twice`, urlOf(op, {}, `${p.name}=1&${p.name}=2`), plausible());
  }
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    for (const junk of PATH_JUNK) send(`{${p.name}}=${junk.slice(0, 30)}`, urlOf(op, { [p.name]: junk }), plausible());
  }
  if (op.body) {
    const props = Object.keys(op.body.properties ?? {});
    for (const field of props) {
      for (const junk of isSlow(op) ? FEW_FIELD_JUNK : FIELD_JUNK) {
        send(`${field}=${JSON.stringify(junk)?.slice(0, 30)}`, urlOf(op), { ...plausible(), [field]: junk });
      }
    }
    for (const raw of BODY_JUNK) send(`body=${raw.slice(0, 30)}`, urlOf(op), undefined, raw);
    send('no body', urlOf(op));
  }
  // X-Tenant is read by nearly every route: junk company ids (header values cannot carry NUL).
  if (op.method !== 'DELETE') {
    for (const tenant of TENANT_JUNK) out.push({ tag: `${tag} x-tenant=${tenant.slice(0, 30)}`, method: op.method, url: urlOf(op), payload: plausible(), headers: { 'x-tenant': tenant } });
  }
  if (op.method === 'DELETE') send('(plausible)', urlOf(op));
  return out;
}

const STACK = /\n\s+at |"stack"\s*:|\bat [\w.<>]+ \(.*:\d+:\d+\)/;

function problemOf(s: Sent, res: LightMyRequestResponse): string | null {
  const where = `${s.tag}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (STACK.test(res.body)) return `stack in answer — ${where}`;
  if ((res.statusCode >= 300 && res.statusCode < 400) || (res.statusCode === 204 && res.body === '')) return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `not JSON — ${where}`;
  let body: { message?: unknown };
  try {
    body = res.json();
  } catch {
    return `unparsable JSON — ${where}`;
  }
  if (res.statusCode >= 500) {
    const notConfigured = res.statusCode === 503 && typeof body.message === 'string' && /not configured/i.test(body.message);
    if (!notConfigured) return `5xx — ${where}`;
  }
  if (res.statusCode >= 400 && typeof body.message !== 'string') return `no message — ${where}`;
  return null;
}

/** Answers by operation and status: FUZZ_STATS=1 prints them, to see what the fuzzer actually reached. */
const statusCounts: Record<string, number> = {};
afterAll(() => {
  if (process.env.FUZZ_STATS) console.log(JSON.stringify(statusCounts, null, 1));
});

async function fire(list: Sent[], headers: Record<string, string>): Promise<string[]> {
  const problems: string[] = [];
  // A few at a time: concurrent requests are how a real client (or attacker) sends them.
  for (let i = 0; i < list.length; i += 6) {
    const batch = list.slice(i, i + 6);
    const answers = await Promise.all(
      batch.map((s) =>
        t.app.inject({
          method: s.method as 'GET',
          url: s.url,
          headers: { ...headers, ...s.headers, ...(s.raw !== undefined || s.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          payload: s.raw ?? (s.payload === undefined ? undefined : JSON.stringify(s.payload)),
          remoteAddress: uniqueIp(),
        }),
      ),
    );
    answers.forEach((res, j) => {
      const key = `${batch[j].tag.split(' ').slice(0, 2).join(' ')} ${res.statusCode}`;
      statusCounts[key] = (statusCounts[key] ?? 0) + 1;
      const problem = problemOf(batch[j], res);
      if (problem) problems.push(problem);
    });
  }
  return problems;
}

describe('OpenAPI fuzz', () => {
  it('covers every operation of the document, auth, reports, systems and session included', () => {
    const names = ops.map((op) => `${op.method} ${op.path}`);
    expect(names.length).toBeGreaterThan(50);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/password/new',
        'POST /api/v1/reports/manage',
        'GET /api/v1/systems/{id}/redirect',
        'GET /api/v1/session',
        'PUT /api/v1/units/{id}',
      ]),
    );
    expect(JSON.stringify(ops)).not.toContain('$ref');
  });

  it('as super_admin with a tenant: never a 5xx, a stack or an answer without a message', async () => {
    const auth = { ...w.headers.super_admin, 'x-tenant': w.own.id, ...csrf };
    const ordered = [...ops].sort((a, b) => rank(a) - rank(b));
    const problems = await fire(ordered.flatMap(variants), auth);
    expect(problems).toEqual([]);
  }, 120_000);

  it('as a guest (with a CSRF pair): every operation, plausible and with junk ids and text', async () => {
    const list = ops.flatMap((op) => {
      const all = variants(op);
      return all.filter((s) => /\(plausible\)|=nul|=%00|body=\[/.test(s.tag));
    });
    const problems = await fire(list, { ...csrf });
    expect(problems).toEqual([]);
  }, 60_000);

  it('leaves the server healthy', async () => {
    for (const url of ['/healthz', '/readyz']) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const fresh = await createUser(t.database.db, { role: 'super_admin', companies: [w.own] });
    const list = await apiAs(t, await tokenFor(t.database.db, fresh.id), w.own.id).get('/units?page=1&per_page=5');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBeGreaterThan(0);
  });
});
