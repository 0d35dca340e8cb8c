// The security suites' one source for declared resources (docs/resources.md): each resource of
// DECLARED_RESOURCES with its SPEC §6 area, its tenancy, a valid body derived from its declared fields
// and a record made through its own API. A new declared resource is attacked by the authorization
// matrix, the privilege matrix, the junk and the fuzz suites without a hand-written fixture.
import { DECLARED_RESOURCES } from '../../contract/resources';
import type { FieldDecl, ResourceDecl } from '../../contract/resources/declare';
import type { AreaKey } from '../../contract/access';
import type { TestApp } from './harness';
import { createCompany } from './factories';
import { apiAs, unique, type World } from './resources-fixtures';

export { DECLARED_RESOURCES };

/** The declared resource with this API name (a route's first segment under /api/v1), if any. */
export const declaredNamed = (name: string): ResourceDecl | undefined => DECLARED_RESOURCES.find((d) => d.name === name);

/** SPEC §6 area of each declared resource, by API name. */
export const DECLARED_AREAS: Record<string, AreaKey> = Object.fromEntries(DECLARED_RESOURCES.map((d) => [d.name, d.area]));

/** The declared resources whose records belong to the X-Tenant company (DESIGN §3). */
export const DECLARED_SCOPED: readonly string[] = DECLARED_RESOURCES.filter((d) => d.tenancy === 'scoped').map((d) => d.name);

/** The API base of a declared resource as the route table names it. */
export const apiBase = (d: ResourceDecl) => `/api/v1${d.path}`;

/** Companies' records are the tenants themselves: made directly, not inside a company. */
const isCompanies = (d: ResourceDecl) => d.name === 'companies';

export interface DeclaredContext {
  t: TestApp;
  w: World;
}

/** A value the field accepts, within its declared limits (maxlength, min/max, whole numbers, choices). */
export function validValue(field: FieldDecl): unknown {
  switch (field.type) {
    case 'checkbox':
      return !field.default;
    case 'number': {
      const mid = (field.min + field.max) / 2;
      return field.integer ? Math.floor(mid) : mid;
    }
    case 'email':
      return `${unique('declared').toLowerCase()}@example.test`.slice(-field.maxlength);
    case 'select':
      if ('options' in field) return field.options[0];
      throw new Error('a reference has no value of its own: use validBody()');
    default:
      return unique(field.label).slice(0, field.maxlength);
  }
}

/**
 * A valid create/update body: every required field, and every reference resolved to a fresh record
 * of the same company; `full` fills the optional writable fields as well.
 */
export async function validBody(ctx: DeclaredContext, d: ResourceDecl, company: { id: string }, full = false): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(d.fields)) {
    if (field.readOnly || (!field.required && !full)) continue;
    if ('ref' in field) {
      const to = declaredNamed(field.ref.to);
      if (!to) throw new Error(`declared fixtures: ${d.name}.${key} refers to "${field.ref.to}", which is not declared`);
      body[key] = await createDeclared(ctx, to, company);
    } else body[key] = validValue(field);
  }
  return body;
}

/**
 * A fresh record of the resource in `company` (X-Tenant), made by a super admin through the
 * resource's own create route, so its hooks fill in what they derive. Answers its id.
 */
export async function createDeclared(ctx: DeclaredContext, d: ResourceDecl, company: { id: string }): Promise<string> {
  if (isCompanies(d)) return (await createCompany(ctx.t.database.db)).id;
  const res = await apiAs(ctx.t, ctx.w.headers.super_admin, company.id).post(d.path, await validBody(ctx, d, company));
  if (res.statusCode !== 201) throw new Error(`declared fixtures: POST ${d.path} answered ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: string } }).data.id;
}

/**
 * The record a read is called on for `company`: companies' own record is the company itself (its
 * members reach it); any other resource gets a fresh record in it.
 */
export async function recordIn(ctx: DeclaredContext, d: ResourceDecl, company: { id: string }, fresh: boolean): Promise<string> {
  return isCompanies(d) && !fresh ? company.id : createDeclared(ctx, d, company);
}
