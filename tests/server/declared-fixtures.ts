// The security suites' one source for declared resources (docs/resources.md): each resource with its
// access-table area, its tenancy, a valid body derived from its declared fields and a record made through
// its own API. The suites attack `declaredFixtures()` (DECLARED_RESOURCES); a test passes other
// declarations (tests/server/security-pickup.test.ts: a throwaway one) and the same attack code runs
// over them, so a new declared resource needs no hand-written fixture.
import { addDays, todayUtc } from '../../contract/dates';
import { sql } from 'drizzle-orm';
import { DECLARED_RESOURCES } from '../../contract/resources';
import type { FieldDecl, ResourceDecl } from '../../contract/resources/declare';
import { areaKeyOf, permissionOf } from '../../contract/access';
import type { TestApp } from './harness';
import { createCompany } from './factories';
import { apiAs, unique, type World } from './resources-fixtures';

export { DECLARED_RESOURCES };

/** The API base of a declared resource as the route table names it. */
export const apiBase = (d: ResourceDecl) => `/api/v1${d.path}`;

/** Names without repeats, first one kept: a resource both hand-written and declared is attacked once. */
export const uniqueNames = (names: readonly string[]): string[] => [...new Set(names)];

/** Declarations without repeated names, the first kept. */
const uniqueByName = (decls: readonly ResourceDecl[]): ResourceDecl[] =>
  decls.filter((d, i) => decls.findIndex((e) => e.name === d.name) === i);

/** Companies' records are the tenants themselves: made directly, not inside a company. */
const isCompanies = (d: ResourceDecl) => d.name === 'companies';

export interface DeclaredContext {
  t: TestApp;
  w: World;
}

export interface DeclaredFixtures {
  /** The declared resources the suites attack. */
  resources: readonly ResourceDecl[];
  /** An attacked resource, else a registry one (what references point at), by API name. */
  named(name: string): ResourceDecl | undefined;
  /** The area (contract/access.ts) of each attacked resource, by API name. */
  areas: Record<string, string>;
  /** The permission a route of `verb` (view, create, update, delete) of the resource named needs: its declared one,
   * else `{area}.{verb}`. */
  permission(name: string, verb: string): string | undefined;
  /** The attacked resources whose records belong to the X-Tenant company. */
  scoped: readonly string[];
  /** Whether a route URL or OpenAPI path belongs to an attacked resource. */
  covers(url: string): boolean;
  /**
   * A valid create/update body: every required field, and every reference resolved to a fresh record
   * of the same company; `full` fills the optional writable fields as well.
   */
  validBody(
    ctx: DeclaredContext,
    d: ResourceDecl,
    company: { id: string },
    full?: boolean,
  ): Promise<Record<string, unknown>>;
  /**
   * A fresh record of the resource in `company` (X-Tenant), made by a super admin through the
   * resource's own create route, so its hooks fill in what they derive. Answers its id.
   */
  createDeclared(ctx: DeclaredContext, d: ResourceDecl, company: { id: string }): Promise<string>;
  /**
   * The record a read is called on for `company`: companies' own record is the company itself (its
   * members reach it); any other resource gets a fresh record in it.
   */
  recordIn(ctx: DeclaredContext, d: ResourceDecl, company: { id: string }, fresh: boolean): Promise<string>;
}

/** A body as a CSV file of one row (docs/resources.md "Import"): its keys the header, a list's values joined with ";".
 */
export function importCsv(body: Record<string, unknown>): string {
  const cell = (v: unknown) => {
    const text = Array.isArray(v) ? v.join(';') : v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${Object.keys(body).join(',')}\n${Object.values(body).map(cell).join(',')}\n`;
}

/** Waits until an accepted import's job has ended (one import per company at a time: the next may start then). */
export async function importEnded(db: import('../../server/db').Db, id: string): Promise<string> {
  for (let i = 0; i < 1200; i++) {
    const found = (await db.execute(sql`select state from imports where id = ${id}`)) as unknown as {
      rows: { state: string }[];
    };
    const state = found.rows[0]?.state;
    if (state !== 'queued' && state !== 'running') return state;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} did not end`);
}

/** A value the field accepts, within its declared limits (maxlength, min/max, whole numbers, choices). */
export function validValue(field: FieldDecl): unknown {
  switch (field.type) {
    case 'checkbox':
      // A checkbox list's options are not in its declaration: none chosen is always valid.
      return 'many' in field ? [] : !field.default;
    case 'number': {
      const mid = (field.min + field.max) / 2;
      return field.integer ? Math.floor(mid) : mid;
    }
    case 'email':
      return `${unique('declared').toLowerCase()}@example.test`.slice(-field.maxlength);
    case 'tel':
      return '+44 (20) 7946-0000';
    case 'url':
      return `https://example.test/${unique('declared').toLowerCase()}`.slice(0, field.maxlength);
    case 'date':
      // A date that dates another field's changes may not lie before the record's last one: today never does.
      return field.since ? todayUtc() : '2025-03-05';
    case 'money':
      return ((field.min + field.max) / 2).toFixed(2);
    case 'multichoice':
      return field.options.slice(0, 1);
    case 'file':
      // An upload is made first (POST /uploads): none is the one value valid without one.
      return null;
    case 'select':
      if ('options' in field) return field.options[0];
      throw new Error('a reference has no value of its own: use validBody()');
    default:
      // A declared format names a value that matches it.
      if (field.pattern) return field.pattern.example;
      return unique(field.label).slice(0, field.maxlength);
  }
}

/** The fixtures of `resources` (by default every declared resource of the registry). */
export function declaredFixtures(resources: readonly ResourceDecl[] = DECLARED_RESOURCES): DeclaredFixtures {
  const attacked = uniqueByName(resources);
  const known = uniqueByName([...attacked, ...DECLARED_RESOURCES]);
  const named = (name: string) => known.find((d) => d.name === name);
  const bases = attacked.map(apiBase);

  /**
   * `made`: the records this body's references already made, by resource: a referenced record that itself refers to
   * one of them refers to that one (a certificate's unit is of the certificate's property). Dates (but a `since` one,
   * today) go up a month each in declaration order (issued before it expires).
   */
  async function validBody(
    ctx: DeclaredContext,
    d: ResourceDecl,
    company: { id: string },
    full = false,
    made: Record<string, string> = {},
  ) {
    const body: Record<string, unknown> = {};
    let dates = 0;
    for (const [key, field] of Object.entries(d.fields)) {
      if (field.readOnly || (!field.required && !full)) continue;
      if ('ref' in field) {
        const to = named(field.ref.to);
        if (!to)
          throw new Error(`declared fixtures: ${d.name}.${key} refers to "${field.ref.to}", which is not declared`);
        body[key] = made[field.ref.to] ?? (await createDeclared(ctx, to, company, made));
        made[field.ref.to] = body[key] as string;
      } else
        body[key] =
          field.type === 'date' && !field.since
            ? addDays(validValue(field) as string, 31 * dates++)
            : validValue(field);
    }
    return body;
  }

  async function createDeclared(
    ctx: DeclaredContext,
    d: ResourceDecl,
    company: { id: string },
    made: Record<string, string> = {},
  ): Promise<string> {
    if (isCompanies(d)) return (await createCompany(ctx.t.database.db)).id;
    const res = await apiAs(ctx.t, ctx.w.headers.super_admin, company.id).post(
      d.path,
      await validBody(ctx, d, company, false, { ...made }),
    );
    if (res.statusCode !== 201)
      throw new Error(`declared fixtures: POST ${d.path} answered ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { id: string } }).data.id;
  }

  return {
    resources: attacked,
    named,
    areas: Object.fromEntries(attacked.map((d) => [d.name, areaKeyOf(d)])),
    permission: (name, verb) => {
      const d = attacked.find((e) => e.name === name);
      return d && permissionOf(d, verb);
    },
    scoped: attacked.filter((d) => d.tenancy === 'scoped').map((d) => d.name),
    covers: (url) => bases.some((base) => url === base || url.startsWith(base + '/')),
    validBody,
    createDeclared,
    recordIn: async (ctx, d, company, fresh) =>
      isCompanies(d) && !fresh ? company.id : createDeclared(ctx, d, company),
  };
}

/** What an attack runs with: the app, its world of companies and callers, and the resources attacked. */
export interface AttackContext extends DeclaredContext {
  fx: DeclaredFixtures;
}
