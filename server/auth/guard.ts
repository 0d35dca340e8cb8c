// Who is calling: resolves `Authorization: Bearer` to request.auth and checks X-Tenant
// against the caller's companies, on every request, in one database round trip. Routes then call
// requireAuth / requireArea / requirePermission.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import type { AuthContext } from '../types';
import { forbidden, unauthorized } from '../errors';
import { areaByKey, mayOpenArea } from '../../contract/access';
import { hasPermission, OLYMPUS_SYSTEM, SUPER_ADMIN } from '../../contract/roles';
import { provesSecondFactor, sha256, TOKEN_IDLE_MS, TOKEN_PREFIX } from './tokens';
import { globalPlugin } from './globalPlugin';
import { rowsFrom } from '../db/statements';
import { refuseUntilEnrolled } from './twoFactorGate';
import { cachedAnswer, cacheKey, clearAuthCache, lookupStarted, remember, type GuardAnswer } from './authCache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: a company the caller may not use is dropped (tenantId null) instead of answering 403.
     * Only for calls that must work whatever company the SPA still holds, like logout.
     */
    tenantCheck?: boolean;
  }
}

export const TENANT_FORBIDDEN = 'You do not have access to that company.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The bearer token of a request, or null when none (or not a bearer scheme) was sent. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

interface AuthRow {
  token_id: string;
  user_id: string;
  name: string;
  email: string;
  role: string | null;
  permissions: string[];
  company_ids: string[];
  tenant_exists: boolean | null;
  valid_ms: number;
  amr: string[];
  authenticated_ms: number;
  role_requires_two_factor: boolean;
  totp_on: boolean;
}

/** Each user's Olympus role, as a CTE. A role in the trash grants nothing (it cannot be trashed while held; this covers
 * a race). */
const olympusRole = sql`olympus_role as (
      select us.user_id, r.id, r.name, r.require_two_factor
      from user_systems us
      join systems s on s.id = us.system_id and s.name = ${OLYMPUS_SYSTEM}
      join roles r on r.id = us.role_id and r.deleted_at is null
    )`;

/**
 * A user's companies, leaving out those in the trash: a company in the trash is no tenant for anyone
 * (its members' calls are refused as for a company they do not belong to, and nothing is created in it).
 */
const liveCompanies = sql`coalesce((select json_agg(uc.company_id) from user_companies uc
      join companies c on c.id = uc.company_id and c.deleted_at is null where uc.user_id = u.id), '[]'::json)`;

/** What a user may do now, without a token: for work that outlives its request (an import). */
export interface UserAccessNow {
  role: string | null;
  permissions: string[];
  companyIds: string[];
  /** Whether `tenant` is a company not in the trash (true when none was asked). */
  tenantLive: boolean;
}

/** The user's role, permissions and companies as they are now; null once disabled or removed. */
export async function loadUserAccess(db: Db, userId: string, tenant: string | null): Promise<UserAccessNow | null> {
  const [row] = await rowsFrom<{
    role: string | null;
    permissions: string[];
    company_ids: string[];
    tenant_live: boolean;
  }>(
    db,
    sql`
    with ${olympusRole}
    select orole.name as role,
      coalesce((select json_agg(rp.permission) from role_permissions rp where rp.role_id = orole.id), '[]'::json) as permissions,
      ${liveCompanies} as company_ids,
      ${tenant === null ? sql`true` : sql`exists(select 1 from companies c where c.id = ${tenant}::uuid and c.deleted_at is null)`} as tenant_live
    from users u left join olympus_role orole on orole.user_id = u.id
    where u.id = ${userId} and u.disabled_at is null`,
  );
  return row
    ? { role: row.role, permissions: row.permissions, companyIds: row.company_ids, tenantLive: row.tenant_live }
    : null;
}

/** How stale last_used_at may get before a request refreshes it (idle expiry is 30 min). */
const TOUCH_EVERY_SECONDS = 60;

/**
 * Checks the token (idle expiry, touched at most once a minute) and loads user, Olympus role, permissions and companies
 * at once.
 * Disabled users resolve to nothing. `tenant` (an already well-formed uuid) is checked for existence
 * in the same query, for super_admin. `validForMs`: how long the answer holds by the clock alone.
 */
export async function loadAuth(
  db: Db,
  tokenHash: string,
  tenant: string | null,
  superAdminTwoFactor = false,
): Promise<(GuardAnswer & { validForMs: number }) | null> {
  const idleSeconds = TOKEN_IDLE_MS / 1000;
  const [row] = await rowsFrom<AuthRow>(
    db,
    sql`
    with tok as (
      select id, user_id, last_used_at, amr, created_at,
        -- How long this answer stays true by the clock alone (idle or absolute expiry, whichever is first).
        extract(epoch from least(expires_at, last_used_at + make_interval(secs => ${idleSeconds})) - now()) * 1000 as valid_ms
      from access_tokens
      where token_hash = ${tokenHash} and revoked_at is null and expires_at > now()
        and last_used_at > now() - make_interval(secs => ${idleSeconds})
    ),
    -- Idle expiry needs minutes, not milliseconds: refresh last_used_at at most once a minute so
    -- most requests only read. (A data-modifying CTE runs even though nothing selects from it.)
    touched as (
      update access_tokens set last_used_at = now()
      where id = (select id from tok) and last_used_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})
    ),
    ${olympusRole}
    select tok.id as token_id, tok.valid_ms::float8 as valid_ms, u.id as user_id, u.name, u.email, orole.name as role,
      coalesce((select json_agg(rp.permission) from role_permissions rp where rp.role_id = orole.id), '[]'::json) as permissions,
      ${liveCompanies} as company_ids,
      ${tenant === null ? sql`null::boolean` : sql`exists(select 1 from companies c where c.id = ${tenant}::uuid and c.deleted_at is null)`} as tenant_exists,
      tok.amr, (extract(epoch from tok.created_at) * 1000)::float8 as authenticated_ms,
      (coalesce(orole.require_two_factor, false) or (orole.name = ${SUPER_ADMIN} and ${superAdminTwoFactor})) as role_requires_two_factor,
      u.totp_enabled_at is not null as totp_on
    from tok
    join users u on u.id = tok.user_id and u.disabled_at is null
    left join olympus_role orole on orole.user_id = u.id`,
  );
  if (!row) return null;
  const twoFactorRequired = row.role_requires_two_factor && !tokenProvesSecondFactor(row.amr, row.totp_on);
  // A token that cannot be completed by enrolling — the user already has a second factor (it was
  // issued before it was turned on), or it came from SSO without the provider's MFA — signs in again.
  if (twoFactorRequired && (row.totp_on || row.amr.includes('sso'))) return null;
  return {
    auth: {
      userId: row.user_id,
      tokenId: row.token_id,
      name: row.name,
      email: row.email,
      role: row.role,
      permissions: row.permissions,
      companyIds: row.company_ids,
      twoFactorRequired,
      amr: row.amr,
      authenticatedAt: Number(row.authenticated_ms),
    },
    tenantExists: row.tenant_exists === true,
    validForMs: Number(row.valid_ms),
  };
}

/**
 * Whether the sign-in behind a token proved a second factor: the SSO provider's MFA, or a code of the
 * user's authenticator (or a recovery code) while it is still on. Decided by how the token was
 * issued, never by the user's state alone: a password-only token stays password-only after the user
 * enrols (docs/security.md "How a token was signed in").
 */
export function tokenProvesSecondFactor(amr: readonly string[], totpOn: boolean): boolean {
  if (amr.includes('mfa')) return true;
  return totpOn && provesSecondFactor(amr);
}

/** The guard's answer for a token and tenant: from the short memory (./authCache.ts) or the database. */
async function resolveAuth(
  db: Db,
  token: string,
  tenant: string | null,
  superAdminTwoFactor: boolean,
): Promise<GuardAnswer | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const tokenHash = sha256(token);
  const key = cacheKey(tokenHash, tenant);
  const cached = cachedAnswer(key);
  if (cached) return cached;
  const generation = lookupStarted();
  // Validity counts from before the query: the database's now() is later, so this errs short.
  const since = Date.now();
  const loaded = await loadAuth(db, tokenHash, tenant, superAdminTwoFactor);
  if (!loaded) return null;
  const answer = { auth: loaded.auth, tenantExists: loaded.tenantExists };
  remember(key, answer, loaded.validForMs, generation, since);
  return answer;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function tenantHeader(request: FastifyRequest): string | string[] | null {
  const raw = request.headers['x-tenant'];
  if (raw === undefined) return null;
  if (typeof raw === 'string') return raw.trim() === '' ? null : raw.trim();
  return raw;
}

async function guard(app: FastifyInstance): Promise<void> {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenantId', null);

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const header = tenantHeader(request);
    // A repeated or malformed X-Tenant is never a company of the caller: refuse it before SQL sees it.
    const tenant = typeof header === 'string' && UUID.test(header) ? header.toLowerCase() : null;
    const loaded = await resolveAuth(app.db, token, tenant, app.config.superAdminTwoFactor);
    if (!loaded) return;
    request.auth = loaded.auth;
    refuseUntilEnrolled(request, loaded.auth);
    if (header === null) return;
    // The company must exist and be out of the trash, for every role (companyIds holds only live ones).
    const allowed =
      tenant !== null &&
      loaded.tenantExists &&
      (loaded.auth.companyIds.includes(tenant) || loaded.auth.role === SUPER_ADMIN);
    if (allowed) request.tenantId = tenant;
    else if (request.routeOptions.config?.tenantCheck !== false) throw forbidden(TENANT_FORBIDDEN);
  });

  // A write may have changed who may do what: forget every remembered answer once its commit is
  // done and before the client can see the response (onSend), and again when it is over whatever
  // happened (onResponse; a write that failed half-way has still ended).
  const forgetAfterWrites = async (request: FastifyRequest) => {
    if (STATE_CHANGING.has(request.method)) clearAuthCache();
  };
  app.addHook('onSend', forgetAfterWrites);
  app.addHook('onResponse', forgetAfterWrites);
}

export default globalPlugin(guard, 'olympus-guard');

/** The caller, or 401 `{ message: 'Unauthenticated.' }`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The area's route rules (contract/access.ts): 401 without a caller, 403 when the area is barred. */
export function requireArea(request: FastifyRequest, area: string): AuthContext {
  const auth = requireAuth(request);
  if (!mayOpenArea(areaByKey(area), auth)) throw forbidden();
  return auth;
}

/** A dotted permission (wildcard grants count); super_admin holds every permission. */
export function requirePermission(request: FastifyRequest, permission: string): AuthContext {
  const auth = requireAuth(request);
  if (auth.role !== SUPER_ADMIN && !hasPermission(auth.permissions, permission)) throw forbidden();
  return auth;
}

/** The checked X-Tenant, or 403 when a tenant-scoped call arrives without one. */
export function requireTenant(request: FastifyRequest): string {
  requireAuth(request);
  if (!request.tenantId) throw forbidden('Choose a company first.');
  return request.tenantId;
}
