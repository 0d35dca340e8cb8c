// The whole data model: later issues add routes, not tables.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { declaredTable } from './declaredTable';
import { companyResource } from '../../contract/resources/companies';
import { propertyResource } from '../../contract/resources/properties';
import { reportResource } from '../../contract/resources/reports';
import { roleResource } from '../../contract/resources/roles';
import { unitResource } from '../../contract/resources/units';
import { userResource } from '../../contract/resources/users';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

// The `*_list_name` indexes serve the lists' default sort (lower(name), id; server/lists/lists.ts),
// within the tenant where the list has one: a page stops after its rows instead of sorting them all.
// The trailing plain `name` lets PostgreSQL answer a page's ids from the index alone (an index-only
// scan needs every column an expression uses), so even a deep page's OFFSET stays in the index.
export const companies = declaredTable(companyResource);

/** Connected systems (Olympus, Everest, Portal, …). base_url is where a hand-off lands. */
export const systems = pgTable('systems', {
  id: id(),
  name: text('name').notNull().unique(),
  description: text('description'),
  baseUrl: text('base_url'),
  createdAt: createdAt(),
});

/** Roles belong to a system; Olympus roles are those of the Olympus system. */
export const roles = declaredTable(roleResource, {
  // A handful of rows: no index for the list's sort.
  listIndex: false,
  columns: {
    systemId: uuid('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
  },
  // Names are unique per system without letter case ("Admin" cannot shadow "admin"): held here, so
  // parallel creates cannot both pass the check in server/roles/routes.ts. A role in the trash holds
  // no name (a restore checks it is still free: docs/resources.md "Trash").
  extra: (t) => [
    uniqueIndex('roles_system_name_lower')
      .on(t.systemId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    unique('roles_id_system').on(t.id, t.systemId),
  ],
});

export const permissions = pgTable('permissions', {
  name: text('name').primaryKey(),
  label: text('label').notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission')
      .notNull()
      .references(() => permissions.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const users = declaredTable(userResource, {
  // A user's companies are the user_companies rows.
  companyColumn: false,
  columns: {
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** A temporary password set by an admin stops working after this (72 h). */
    tempPasswordExpiresAt: ts('temp_password_expires_at'),
    passwordChangedAt: ts('password_changed_at'),
    bypassSso: boolean('bypass_sso').notNull().default(false),
    disabledAt: ts('disabled_at'),
    /** SSO identity once linked: (tenant id, object id). */
    ssoTid: text('sso_tid'),
    ssoOid: text('sso_oid'),
    /** Per-account throttling: consecutive failures and the lock they earned. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastLoginAt: ts('last_login_at'),
    /** Second factor: the TOTP secret sealed with the server's key; on once confirmed. */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment, sealed, until its first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** The last accepted 30 s step: a code is accepted only for a later step (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  extra: (t) => [
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_sso_identity').on(t.ssoTid, t.ssoOid),
  ],
});

export const userCompanies = pgTable(
  'user_companies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('user_companies_company').on(t.companyId)],
);

/** Access to a system, with the user's role in that system (its role must be one of that system's). */
export const userSystems = pgTable(
  'user_systems',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    systemId: uuid('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.systemId] }),
    foreignKey({
      name: 'user_systems_role_of_system',
      columns: [t.roleId, t.systemId],
      foreignColumns: [roles.id, roles.systemId],
    }),
  ],
);

export const properties = declaredTable(propertyResource, {
  companies: () => companies.id,
  // (id, company_id) is what a unit's same-company reference points at; a slug is unique in its
  // company among live properties (one in the trash holds none; a restore checks it is still free).
  extra: (t) => [
    unique('properties_id_company').on(t.id, t.companyId),
    uniqueIndex('properties_company_slug')
      .on(t.companyId, t.slug)
      .where(sql`${t.deletedAt} is null`),
  ],
});

// Bedrooms and bathrooms within their declared bounds: the derived CHECKs (server/db/declaredTable.ts).
// (id, company_id) is what a certificate's same-company reference to its unit points at.
export const units = declaredTable(unitResource, {
  refs: { properties: () => properties },
  extra: (t) => [unique('units_id_company').on(t.id, t.companyId)],
});

/**
 * A unit's status periods (docs/resources.md "Occupancy"): each change of its status closes the open
 * period (ended_on, exclusive) and opens one from the change's day. Written by the database's triggers
 * on units (migration 0020, unit_status_periods), so every path that sets a status (a form, a bulk change, an import)
 * keeps them in the change's own transaction; the company is the unit's, never a caller's.
 */
export const unitStatusPeriods = pgTable(
  'unit_status_periods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    status: text('status'),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    endedOn: date('ended_on', { mode: 'string' }),
  },
  (t) => [
    check('unit_status_periods_order', sql`${t.endedOn} is null or ${t.endedOn} >= ${t.startedOn}`),
    uniqueIndex('unit_status_periods_open')
      .on(t.unitId)
      .where(sql`${t.endedOn} is null`),
    index('unit_status_periods_unit').on(t.unitId, t.startedOn),
    index('unit_status_periods_company').on(t.companyId, t.startedOn),
  ],
);

/** Per-company settings of an integration from the code catalogue; secrets AES-256-GCM encrypted. */
export const integrationSettings = pgTable(
  'integration_settings',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    integration: text('integration').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Encrypted JSON of the secret fields: base64(iv | tag | ciphertext). */
    secrets: text('secrets'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.integration] })],
);

/**
 * A company's reports (contract/resources/reports.ts): configuration, deleted with the company. The
 * Power BI columns are empty for built-in reports (the server clears them).
 */
export const reports = declaredTable(reportResource, {
  companies: () => companies.id,
  companyOnDelete: 'cascade',
  extra: (t) => [check('reports_provider', sql`${t.provider} in ('builtin', 'powerbi')`)],
});

/** Opaque bearer tokens, stored only as SHA-256 hashes. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    /**
     * How the sign-in that issued this token was authenticated (OIDC's `amr`): `pwd`, `otp` (an
     * authenticator code), `recovery` (a recovery code), `sso`, `mfa` (the SSO provider said a second
     * factor was used). A role's two-factor requirement looks at this, not at the user's current state
     * (docs/security.md "How a token was signed in").
     */
    amr: text('amr')
      .array()
      .notNull()
      .default(sql`'{pwd}'::text[]`),
  },
  (t) => [index('access_tokens_user').on(t.userId)],
);

/** Single-use challenges: first-login new-password sessions and SSO transactions. */
export const challenges = pgTable(
  'challenges',
  {
    id: id(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull().unique(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [check('challenges_kind', sql`${t.kind} in ('new_password', 'sso', 'second_factor')`)],
);

/** Single-use recovery codes of the second factor, stored as a SHA-256 salted with the user id. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

export const resetCodes = pgTable(
  'reset_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    voidedAt: ts('voided_at'),
  },
  (t) => [index('reset_codes_user').on(t.userId)],
);

/**
 * Set-password links: 256-bit token, only its SHA-256 stored, single use, 72 h. A new
 * user's welcome (`invite`) or an administrator's password reset (`reset`); the newest voids older ones.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('invite'),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    voidedAt: ts('voided_at'),
    /** Why it stopped working: `replaced` (a newer link, or a password set otherwise), `account_changed` (what it opens
     * changed). */
    voidReason: text('void_reason'),
  },
  (t) => [index('invitations_user').on(t.userId), check('invitations_kind', sql`${t.kind} in ('invite', 'reset')`)],
);

/** Fixed-window counters for throttling (per IP, per account, per action). */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
});

/** Issued hand-off tokens, so a connected system can redeem each jti once. */
export const handoffs = pgTable('handoffs', {
  jti: uuid('jti').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  systemId: uuid('system_id')
    .notNull()
    .references(() => systems.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  redeemedAt: ts('redeemed_at'),
});

/** Signing keys for hand-off tokens (ES256), published at /.well-known/jwks.json. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  /** `{ sealed }`: the private JWK sealed with OLYMPUS_SECRET_KEY (server/secrets/signing.ts). */
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  retiredAt: ts('retired_at'),
});

/**
 * One constant sealed with the secret key when it is first used, so a start with another key is
 * refused instead of reading every secret as unset (server/secrets/prepare.ts). A single row, id 1.
 */
export const secretKeyCheck = pgTable(
  'secret_key_check',
  {
    id: integer('id').primaryKey(),
    sealed: text('sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('secret_key_check_single_row', sql`${t.id} = 1`)],
);

/**
 * The text the audit log's search matches: action, entity, record id and address, separated by a
 * character nobody types (so a term never matches across two of them). Written once: the trigram
 * index below is on this expression and the search (server/auditLog/queries.ts) uses the same one,
 * which is what lets PostgreSQL serve a substring search from the index.
 */
export const auditSearchText = (alias: string) =>
  sql.raw(
    ['action', 'entity', 'entity_id', 'ip']
      .map((c, i) => (i === 0 ? `${alias}.${c}` : `coalesce(${alias}.${c}, '')`))
      .join(' || chr(31) || '),
  );

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    /** The company of the record the row is about (a company's own rows: itself); see companyIds. */
    tenantId: uuid('tenant_id'),
    /**
     * A user's or a sign-in's row: the companies the user belonged to when it was written (server/audit.ts).
     * A row has at most one of tenant_id and company_ids; with neither it is nobody's (super admins only).
     */
    companyIds: uuid('company_ids').array(),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<Record<string, { before?: unknown; after?: unknown }>>(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  // The audit screen's filters each have an index ending in the list's order (at, id), so a filtered
  // page newest first is read backwards from the index and stops after its rows (bench/audit.ts).
  (t) => [
    index('audit_log_at').on(t.at, t.id),
    index('audit_log_entity').on(t.entity, t.entityId),
    index('audit_log_tenant_at').on(t.tenantId, t.at, t.id),
    index('audit_log_actor_at').on(t.actorId, t.at, t.id),
    index('audit_log_entity_at').on(t.entity, t.at, t.id),
    index('audit_log_action_at').on(t.action, t.at, t.id),
    // The scope of a holder of audit.view: the rows of users of their companies (`company_ids && …`).
    index('audit_log_company_ids')
      .using('gin', t.companyIds)
      .where(sql`${t.companyIds} is not null`),
    // A search term of three or more characters finds its rows through their trigrams instead of
    // reading the whole log (pg_trgm; docs/security.md "The audit log").
    index('audit_log_search').using('gin', sql`(${auditSearchText('audit_log')}) gin_trgm_ops`),
  ],
);

/**
 * When a periodic job last ran, shared by every instance on the database: the audit log's pruning
 * (server/auditLog/retention.ts) and the trash's purge (server/crud/purge.ts) claim their
 * turn here (server/maintenance.ts), so with several instances each runs once per interval.
 */
export const maintenanceRuns = pgTable('maintenance_runs', {
  name: text('name').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});

/**
 * CSV imports of declared resources (docs/resources.md "Import"): each row is one job and the source of
 * truth of its state. The file waits in `content` until the job ends; `errors` and `failed_rows` keep
 * what the rows answered. At most one queued or running import per company (`imports_one_active`).
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resource: text('resource').notNull(),
    /** The X-Tenant company of a scoped resource's import; null for a global resource. */
    companyId: uuid('company_id'),
    userId: uuid('user_id').notNull(),
    /** Who asked, as the request knew them: the job's rows are written as that caller. */
    caller: jsonb('caller').notNull(),
    dryRun: boolean('dry_run').notNull(),
    state: text('state').notNull().default('queued'),
    message: text('message'),
    /** Header → field, as matched or as the request's mapping said. */
    mapping: jsonb('mapping').notNull(),
    content: text('content'),
    rows: integer('rows').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: jsonb('errors')
      .notNull()
      .default(sql`'[]'::jsonb`),
    failedRows: jsonb('failed_rows')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A dry run's verdict per row: `[row, 'create' | 'update']` pairs of the rows that passed. */
    outcomes: jsonb('outcomes')
      .notNull()
      .default(sql`'[]'::jsonb`),
    header: jsonb('header')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The instance running it and when it last showed it is alive (a stale one is taken as crashed). */
    owner: text('owner'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('imports_one_active')
      .on(sql`coalesce(${t.companyId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('imports_queue')
      .on(t.createdAt)
      .where(sql`${t.state} = 'queued'`),
  ],
);
