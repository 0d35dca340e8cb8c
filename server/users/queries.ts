// User reads: the contract's User shape with companies, systems, roles and the Olympus role's
// permissions, PostgreSQL aggregating the nested lists: the columns the generic reads compute
// (./binding.ts) and the server's own reads of one user or several (the session, grants, the review).
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { Conn } from '../db/conn';
import { uuidArray } from '../db/conn';
import { compiled, rowsFrom } from '../db/statements';
import { users } from '../db/schema';
import { OLYMPUS_SYSTEM } from '../../contract/roles';
import { ROLE_FIELDS, type RoleField } from './systems';

/** The users list's status column (contract/types.ts UserStatus). */
export type UserStatus = 'invited' | 'active' | 'disabled' | 'locked';

export interface UserRecord {
  uuid: string;
  id: string;
  name: string;
  username: string;
  email: string;
  bypass_sso: boolean;
  disabled: boolean;
  status: UserStatus;
  last_login_at: string | null;
  companies: { uuid: string; id: string; name: string }[];
  systems: { uuid: string; name: string; description: string | null }[];
  roles: { uuid: string; name: string; label: string; system: string }[];
  olympusRole: { uuid: string; name: string; label: string; permissions: string[] } | null;
  olympus_role_uuid: string | null;
  everest_role_uuid: string | null;
  portal_role_uuid: string | null;
  property_permissions: string[];
  /** The record's version, as every declared record carries it (server/crud/versions.ts). */
  version: number;
}

/** Which users: those with a membership of `tenantId`, or everyone (null). */
export interface UserScope {
  tenantId: string | null;
  /** Companies shown in each user's list: null = all of them, else only these (the caller's own). */
  visibleCompanies: string[] | null;
}

/**
 * The users table's columns, always qualified: Drizzle leaves a one-table select's columns unqualified,
 * where a subquery's own tables would capture them.
 */
const u = Object.fromEntries(
  Object.entries(getTableColumns(users)).map(([key, column]) => [key, sql`${users}.${sql.identifier(column.name)}`]),
) as Record<keyof typeof users.$inferSelect, SQL>;

/** A constant as an SQL literal, so a shape holding it has no parameter and is compiled once. */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/** The row of a user's system access (ACCESS_JOIN) the columns below read. */
const ACCESS = sql.identifier('user_access');
const access = (column: string) => sql`${ACCESS}.${sql.identifier(column)}`;
const byName = (name: SQL, id: SQL) => sql`order by lower(${name}), ${name}, ${id}`;
/** Only the rows of one system, by its name. */
const inSystem = (system: string) => sql`filter (where s.name = ${literal(system)})`;

/**
 * A user's system access, aggregated once per user (one row each, also for a user with none: an aggregate
 * without GROUP BY): their systems, their roles, the Olympus role with its permissions and a role id per
 * system. Joined laterally, so each user's rows are read once rather than by one subquery per column.
 */
export const ACCESS_JOIN = sql`lateral (select
    coalesce(json_agg(json_build_object('uuid', s.id, 'name', s.name, 'description', s.description)
      ${byName(sql`s.name`, sql`s.id`)}), '[]'::json) as systems,
    coalesce(json_agg(json_build_object('uuid', r.id, 'name', r.name, 'label', r.label, 'system', s.name)
      ${byName(sql`s.name`, sql`s.id`)}) filter (where r.id is not null), '[]'::json) as roles,
    (array_agg(json_build_object('uuid', r.id, 'name', r.name, 'label', r.label, 'permissions',
      coalesce((select json_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = r.id),
      '[]'::json))) filter (where s.name = ${literal(OLYMPUS_SYSTEM)} and r.id is not null))[1] as olympus_role,
    ${sql.join(
      ROLE_FIELDS.map((f) => sql`(array_agg(r.id) ${inSystem(f.system)})[1] as ${sql.identifier(f.field)}`),
      sql`, `,
    )}
  from user_systems us join systems s on s.id = us.system_id left join roles r on r.id = us.role_id
  where us.user_id = ${u.id}) as ${ACCESS}`;

/**
 * What a user's record holds beyond the columns read as they are (id, name, email, bypass_sso, version),
 * over the `users` table and its ACCESS_JOIN: the generic reads' computed columns (./binding.ts) and this
 * module's own reads alike. Nested lists are sorted by name without letter case. `visible`: the companies
 * shown (null: all of them).
 */
export function userColumns(visible: string[] | null) {
  const shown = visible === null ? sql`` : sql`and uc.company_id = any(${uuidArray(visible)})`;
  return {
    username: sql<string>`${u.username}`,
    disabled: sql<boolean>`(${u.disabledAt} is not null)`,
    // Invited: never signed in and no password of their own yet (none at all, or a temporary one);
    // an SSO user has no password, so for them it is never having signed in.
    status: sql<UserStatus>`(case when ${u.disabledAt} is not null then 'disabled'
      when ${u.lockedUntil} > now() then 'locked'
      when ${u.lastLoginAt} is null and (${u.passwordHash} is null or ${u.mustChangePassword}) then 'invited'
      else 'active' end)`,
    // As JavaScript's toISOString writes it.
    last_login_at: sql<string | null>`to_char(${u.lastLoginAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    companies: sql<UserRecord['companies']>`coalesce((select json_agg(json_build_object('uuid', c.id, 'id', c.id,
        'name', c.name) ${byName(sql`c.name`, sql`c.id`)})
      from user_companies uc join companies c on c.id = uc.company_id and c.deleted_at is null
      where uc.user_id = ${u.id} ${shown}), '[]'::json)`,
    systems: sql<UserRecord['systems']>`${access('systems')}`,
    roles: sql<UserRecord['roles']>`${access('roles')}`,
    olympusRole: sql<UserRecord['olympusRole']>`${access('olympus_role')}`,
    ...(Object.fromEntries(ROLE_FIELDS.map((f) => [f.field, access(f.field)])) as Record<
      RoleField,
      SQL<string | null>
    >),
    // Property-level grants arrive later; the SPA expects the list to exist.
    property_permissions: sql<string[]>`'[]'::json`,
  } satisfies Record<Exclude<keyof UserRecord, 'uuid' | 'id' | 'name' | 'email' | 'bypass_sso' | 'version'>, SQL>;
}

/** A whole user record over `users`. */
const userShape = (visible: string[] | null) =>
  ({
    uuid: u.id,
    id: u.id,
    name: u.name,
    email: u.email,
    bypass_sso: u.bypassSso,
    ...userColumns(visible),
    version: u.version,
  }) satisfies Record<keyof UserRecord, SQL>;

function conditionsOf(scope: UserScope, extra: SQL): SQL {
  return scope.tenantId === null
    ? extra
    : sql`exists (select 1 from user_companies m where m.user_id = ${u.id} and m.company_id = ${scope.tenantId}) and ${extra}`;
}

const columnsOf = (shape: Record<string, SQL>) =>
  sql.join(
    Object.entries(shape).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
// Every company shown (the session, the audit's view): the shape has no parameter, render it once.
const EVERY_COMPANY_COLUMNS = compiled(columnsOf(userShape(null)));
const columnsFor = (scope: UserScope) =>
  scope.visibleCompanies === null ? EVERY_COMPANY_COLUMNS : columnsOf(userShape(scope.visibleCompanies));

/** The users `where` holds within the scope, each with their system access joined. */
const usersWhere = (db: Conn, scope: UserScope, where: SQL) =>
  rowsFrom<UserRecord>(
    db,
    sql`select ${columnsFor(scope)} from ${users} cross join ${ACCESS_JOIN} where ${conditionsOf(scope, where)}`,
  );

export async function findUser(db: Conn, scope: UserScope, id: string): Promise<UserRecord | null> {
  const [row] = await usersWhere(db, scope, sql`${u.id} = ${id}`);
  return row ?? null;
}

/** Several users by id, in no particular order (the access review reads its page of users at once). */
export async function findUsersByIds(db: Conn, scope: UserScope, ids: string[]): Promise<UserRecord[]> {
  return ids.length === 0 ? [] : usersWhere(db, scope, sql`${u.id} = any(${uuidArray(ids)})`);
}

/** Taken by another account, as its email or its username, whatever the letter case. */
export async function emailTaken(db: Conn, email: string, exceptId?: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from users
    where (lower(email) = lower(${email}) or lower(username) = lower(${email}))
      ${exceptId ? sql`and id <> ${exceptId}` : sql``}
    limit 1`);
  return rowsOf(result).length > 0;
}

export interface RoleOption {
  id: string;
  name: string;
  label: string;
  system: string;
  /** The role's Olympus permissions (empty for other systems' roles): who may give it depends on them. */
  permissions: string[];
}

/** The roles of the systems the user form offers (Olympus, Everest, Portal). */
export async function roleOptions(db: Conn): Promise<RoleOption[]> {
  const systems = ROLE_FIELDS.map((f) => f.system);
  const result = await db.execute(sql`
    select r.id, r.name, r.label, s.name as system,
      coalesce((select json_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = r.id), '[]'::json) as permissions
    from roles r join systems s on s.id = r.system_id
    where r.deleted_at is null and s.name in (${sql.join(
      systems.map((s) => sql`${s}`),
      sql`, `,
    )})
    order by lower(r.label), r.id`);
  return rowsOf<RoleOption>(result);
}

/** Companies by id, among those given (unknown ones and those in the trash are simply absent). */
export async function existingCompanies(db: Conn, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(
    sql`select id, name from companies where id = any(${uuidArray(ids)}) and deleted_at is null order by lower(name), id`,
  );
  return rowsOf<{ id: string; name: string }>(result);
}

/** Companies a caller may assign: all for super_admin (null), else their own. */
export async function companyOptions(db: Conn, assignable: string[] | null): Promise<Record<string, string>> {
  const result = await db.execute(
    assignable === null
      ? sql`select id, name from companies where deleted_at is null order by lower(name), id`
      : sql`select id, name from companies where id = any(${uuidArray(assignable)}) and deleted_at is null order by lower(name), id`,
  );
  return Object.fromEntries(rowsOf<{ id: string; name: string }>(result).map((c) => [c.id, c.name]));
}

/** The system ids by name, for the role fields' systems that exist. */
export async function systemIds(db: Conn): Promise<Map<string, string>> {
  const result = await db.execute(sql`select id, name from systems`);
  return new Map(rowsOf<{ id: string; name: string }>(result).map((s) => [s.name, s.id]));
}
