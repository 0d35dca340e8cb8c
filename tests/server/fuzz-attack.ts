// The OpenAPI fuzzer (tests/server/fuzz-openapi.test.ts): the operations of the app's own OpenAPI
// document; from a plausible request built from an operation's schema, one field, query parameter or
// path id at a time is replaced with junk (text the database refuses, 70 kB strings, wrong types, deep
// nesting, extreme numbers), plus whole junk bodies. An answer is a problem when it is a 5xx (503 "not
// configured" aside), carries a stack, is not JSON or has no message. Path ids and reference fields of
// declared resources come from the context's fixtures (./declared-fixtures.ts).
import type { LightMyRequestResponse } from 'fastify';
import { unique } from './resources-fixtures';
import type { AttackContext } from './declared-fixtures';
import { createRole, createSystem, createUser } from './factories';
import { createReport } from './reports-fixtures';
import { uniqueIp } from './auth-client';
import {
  BODY_JUNK,
  FEW_FIELD_JUNK,
  FIELD_JUNK,
  PATH_JUNK,
  QUERY_JUNK,
  TENANT_JUNK,
  sampleOf,
  type SchemaObject,
} from '../support/openapi-samples';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: SchemaObject;
}
export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: SchemaObject | undefined;
}
export interface Sent {
  tag: string;
  method: string;
  url: string;
  payload?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** argon2 behind them: fewer variants. */
const isSlow = (op: Operation) => op.path.startsWith('/api/v1/auth/');
/** Deletions remove the records the others use, and logout ends the session: they run last, logout at the very end. */
export const rank = (op: Operation) => (op.path === '/api/v1/auth/logout' ? 2 : op.method === 'DELETE' ? 1 : 0);

const STACK = /\n\s+at |"stack"\s*:|\bat [\w.<>]+ \(.*:\d+:\d+\)/;

function problemOf(s: Sent, res: LightMyRequestResponse): string | null {
  const where = `${s.tag}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (STACK.test(res.body)) return `stack in answer — ${where}`;
  if ((res.statusCode >= 300 && res.statusCode < 400) || (res.statusCode === 204 && res.body === '')) return null;
  // A CSV file a route answers (an import's template or errors file, docs/resources.md "Import") is no JSON by design.
  if (res.statusCode < 300 && String(res.headers['content-type'] ?? '').startsWith('text/csv')) return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `not JSON — ${where}`;
  let body: { message?: unknown };
  try {
    body = res.json();
  } catch {
    return `unparsable JSON — ${where}`;
  }
  if (res.statusCode >= 500) {
    const notConfigured =
      res.statusCode === 503 && typeof body.message === 'string' && /not configured/i.test(body.message);
    if (!notConfigured) return `5xx — ${where}`;
  }
  if (res.statusCode >= 400 && typeof body.message !== 'string') return `no message — ${where}`;
  return null;
}

/** Records to aim at (a path's `{id}` and known body fields) and the operations of the document. */
export async function fuzzer({ t, w, fx }: AttackContext) {
  const db = t.database.db;
  const role = await createRole(db, 'Olympus', unique('fuzz_role').toLowerCase().replace(/-/g, '_'));
  const report = await createReport(db, w.own.id, { name: 'Fuzz report' });
  const system = await createSystem(db, 'Everest');
  const user = await createUser(db, { companies: [w.own] });
  /** Real ids for each path's `{id}`, by the path's first segments: made here, or (below) from a declaration. */
  const ids: Record<string, string> = {
    users: user.id,
    company: w.own.id,
    roles: role.id,
    reports: report.id,
    systems: system.id,
  };
  // Declared resources (docs/resources.md) without a record above: one each, companies' being the
  // other company itself; so has every resource their references point at.
  const ctx = { t, w };
  const targets = fx.resources.flatMap((d) =>
    Object.values(d.fields).flatMap((f) => ('ref' in f ? (fx.named(f.ref.to) ?? []) : [])),
  );
  for (const d of [...fx.resources, ...targets])
    ids[d.name] ??= await fx.recordIn(ctx, d, d.tenancy === 'scoped' ? w.own : w.other, false);
  /** Each declared reference field names the record of the resource it points at. */
  const refs: Record<string, () => unknown> = {};
  for (const d of fx.resources)
    for (const [key, field] of Object.entries(d.fields))
      if ('ref' in field && ids[field.ref.to]) refs[key] = () => ids[field.ref.to];
  const fields: Record<string, () => unknown> = {
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
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: SchemaObject }> } }
      >
    >;
  };
  const ops: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );

  function idFor(path: string, name: string): string {
    if (name === 'integration') return 'maintenance';
    const segment = path.split('/').filter(Boolean)[path.startsWith('/api/v1/') ? 2 : 0];
    return ids[segment] ?? crypto.randomUUID();
  }

  function urlOf(op: Operation, pathValues: Record<string, string> = {}, query = ''): string {
    const path = op.path.replace(
      /\{(\w+)\}/g,
      (_, name: string) => pathValues[name] ?? encodeURIComponent(idFor(op.path, name)),
    );
    return query ? `${path}?${query}` : path;
  }

  function bodyOf(op: Operation): Record<string, unknown> | undefined {
    if (!op.body) return undefined;
    const body = sampleOf(op.body) as Record<string, unknown>;
    for (const key of Object.keys(body)) if (fields[key]) body[key] = fields[key]();
    return body;
  }

  /** The requests for one operation: plausible, then one junk value at a time. */
  function variants(op: Operation): Sent[] {
    const out: Sent[] = [];
    const tag = `${op.method} ${op.path}`;
    const send = (what: string, url: string, payload?: unknown, raw?: string) =>
      out.push({ tag: `${tag} ${what}`, method: op.method, url, payload, raw });
    const plausible = () => bodyOf(op);
    if (op.method !== 'DELETE') send('(plausible)', urlOf(op), plausible());
    for (const p of op.parameters.filter((p) => p.in === 'query')) {
      for (const junk of QUERY_JUNK)
        send(`?${p.name}=${junk.slice(0, 30)}`, urlOf(op, {}, `${p.name}=${junk}`), plausible());
      send(`?${p.name} twice`, urlOf(op, {}, `${p.name}=1&${p.name}=2`), plausible());
    }
    for (const p of op.parameters.filter((p) => p.in === 'path')) {
      for (const junk of PATH_JUNK)
        send(`{${p.name}}=${junk.slice(0, 30)}`, urlOf(op, { [p.name]: junk }), plausible());
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
      for (const tenant of TENANT_JUNK)
        out.push({
          tag: `${tag} x-tenant=${tenant.slice(0, 30)}`,
          method: op.method,
          url: urlOf(op),
          payload: plausible(),
          headers: { 'x-tenant': tenant },
        });
    }
    if (op.method === 'DELETE') send('(plausible)', urlOf(op));
    return out;
  }

  /** Answers by operation and status: FUZZ_STATS=1 prints them, to see what the fuzzer actually reached. */
  const statusCounts: Record<string, number> = {};

  return {
    ops,
    statusCounts,
    variants,
    /** What a guest sends (with a CSRF pair): the plausible requests and those with junk ids and text. */
    guestVariants(op: Operation): Sent[] {
      return variants(op).filter((s) => /\(plausible\)|=nul|=%00|body=\[/.test(s.tag));
    },
    /** Sends the requests a few at a time (as a real client or attacker does); answers the problems. */
    async fire(list: Sent[], headers: Record<string, string>): Promise<string[]> {
      const problems: string[] = [];
      for (let i = 0; i < list.length; i += 6) {
        const batch = list.slice(i, i + 6);
        const answers = await Promise.all(
          batch.map((s) =>
            t.app.inject({
              method: s.method as 'GET',
              url: s.url,
              headers: {
                ...headers,
                ...s.headers,
                ...(s.raw !== undefined || s.payload !== undefined ? { 'content-type': 'application/json' } : {}),
              },
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
    },
  };
}
