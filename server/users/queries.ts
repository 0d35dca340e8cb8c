// User reads: the contract's User shape with companies, systems, roles and the Olympus role's
// permissions, for one user or a whole list in one query (Postgres aggregates the nested lists).
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { Conn } from '../db/conn';
import { uuidArray } from '../db/conn';
import { compiled, rowsFrom } from '../db/statements';
import { planList, type ListQueryValues, type ListSpec } from '../lists/lists';
import { fetchList, jsonRow, parseRows } from '../lists/listRows';
import type { WholeListOptions } from '../lists/wholeLists';
import { OLYMPUS_SYSTEM } from '../../contract/roles';
import { ROLE_FIELDS, type RoleField } from './systems';

interface SystemRow {
  uuid: string;
  name: string;
  description: string | null;
  role_uuid: string | null;
  role_name: string | null;
  role_label: string | null;
}

interface UserRow {
  id: string;
  name: string;
  username: string;
  email: string;
  bypass_sso: boolean;
  disabled: boolean;
  status: UserStatus;
  last_login_at: string | null;
  companies: { id: string; name: string }[];
  systems: SystemRow[];
  olympus_permissions: string[];
  version: number;
}

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

const byName = <T extends { name: string }>(a: T, b: T) =>
  a.name.localeCompare(b.name, 'en') || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function toRecord(row: UserRow): UserRecord {
  const systems = [...row.systems].sort(byName);
  const olympus = systems.find((s) => s.name === OLYMPUS_SYSTEM && s.role_uuid !== null);
  const roleIn = (system: string) => systems.find((s) => s.name === system)?.role_uuid ?? null;
  const roleUuids = Object.fromEntries(ROLE_FIELDS.map((f) => [f.field, roleIn(f.system)])) as Record<
    RoleField,
    string | null
  >;
  return {
    uuid: row.id,
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    bypass_sso: row.bypass_sso,
    disabled: row.disabled,
    status: row.status,
    last_login_at: row.last_login_at === null ? null : new Date(row.last_login_at).toISOString(),
    companies: [...row.companies].sort(byName).map((c) => ({ uuid: c.id, id: c.id, name: c.name })),
    systems: systems.map((s) => ({ uuid: s.uuid, name: s.name, description: s.description })),
    roles: systems
      .filter((s) => s.role_uuid !== null)
      .map((s) => ({
        uuid: s.role_uuid as string,
        name: s.role_name as string,
        label: s.role_label as string,
        system: s.name,
      })),
    olympusRole: olympus
      ? {
          uuid: olympus.role_uuid as string,
          name: olympus.role_name as string,
          label: olympus.role_label as string,
          permissions: row.olympus_permissions,
        }
      : null,
    ...roleUuids,
    // Property-level grants arrive with a later issue; the SPA expects the list to exist.
    property_permissions: [],
    version: row.version,
  };
}

export const USER_LIST: ListSpec = {
  sortable: {
    name: { expr: sql`lower(u.name)`, nullable: false },
    email: { expr: sql`lower(u.email)`, nullable: false },
  },
  searchable: { name: sql`u.name`, email: sql`u.email` },
  tiebreak: sql`u.id`,
};

function conditionsOf(scope: UserScope, extra: (SQL | undefined)[]): SQL | undefined {
  const parts = [
    scope.tenantId === null
      ? undefined
      : sql`exists (select 1 from user_companies m where m.user_id = u.id and m.company_id = ${scope.tenantId})`,
    ...extra,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/** The Olympus system's name as an SQL literal: a constant of contract/roles.ts, so the shape stays constant. */
const OLYMPUS_NAME = sql.raw(`'${OLYMPUS_SYSTEM.replace(/'/g, "''")}'`);

/** A user row (UserRow) over `users u`, Postgres aggregating the nested lists. */
function userShape(scope: UserScope) {
  const visible =
    scope.visibleCompanies === null ? sql`` : sql`and uc.company_id = any(${uuidArray(scope.visibleCompanies)})`;
  return {
    id: sql<string>`u.id`,
    name: sql<string>`u.name`,
    username: sql<string>`u.username`,
    email: sql<string>`u.email`,
    bypass_sso: sql<boolean>`u.bypass_sso`,
    disabled: sql<boolean>`(u.disabled_at is not null)`,
    // Invited: never signed in and no password of their own yet (none at all, or a temporary one);
    // an SSO user has no password, so for them it is never having signed in.
    status: sql<UserStatus>`(case when u.disabled_at is not null then 'disabled'
      when u.locked_until > now() then 'locked'
      when u.last_login_at is null and (u.password_hash is null or u.must_change_password) then 'invited'
      else 'active' end)`,
    last_login_at: sql<string | null>`u.last_login_at`,
    companies: sql<UserRow['companies']>`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name))
      from user_companies uc join companies c on c.id = uc.company_id and c.deleted_at is null where uc.user_id = u.id ${visible}), '[]'::json)`,
    systems: sql<
      SystemRow[]
    >`coalesce((select json_agg(json_build_object('uuid', s.id, 'name', s.name, 'description', s.description,
        'role_uuid', r.id, 'role_name', r.name, 'role_label', r.label))
      from user_systems us join systems s on s.id = us.system_id left join roles r on r.id = us.role_id
      where us.user_id = u.id), '[]'::json)`,
    olympus_permissions: sql<string[]>`coalesce((select json_agg(rp.permission order by rp.permission)
      from user_systems us join systems s on s.id = us.system_id and s.name = ${OLYMPUS_NAME}
      join role_permissions rp on rp.role_id = us.role_id
      where us.user_id = u.id), '[]'::json)`,
    version: sql<number>`u.version`,
  } satisfies Record<keyof UserRow, SQL>;
}

const USERS = compiled(sql`users u`);
const USERS_ID = compiled(sql`u.id`);

const columnsOf = (shape: Record<string, SQL>) =>
  sql.join(
    Object.entries(shape).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
// Every company shown (the session, super_admin's lists): the shape has no parameter, render it once.
const EVERY_COMPANY: UserScope = { tenantId: null, visibleCompanies: null };
const EVERY_COMPANY_ROW = jsonRow(userShape(EVERY_COMPANY));
const EVERY_COMPANY_COLUMNS = compiled(columnsOf(userShape(EVERY_COMPANY)));

export async function listUsers(db: Conn, scope: UserScope, query: ListQueryValues, whole?: WholeListOptions) {
  const plan = planList(query, USER_LIST);
  const rows = { row: scope.visibleCompanies === null ? EVERY_COMPANY_ROW : jsonRow(userShape(scope)), from: USERS };
  const { json, ...total } = await fetchList(
    db,
    plan,
    rows,
    { from: USERS, where: conditionsOf(scope, [plan.where]), id: USERS_ID },
    whole,
  );
  return { plan, rows: parseRows(json).map(toRecord), ...total };
}

export async function findUser(db: Conn, scope: UserScope, id: string): Promise<UserRecord | null> {
  const columns = scope.visibleCompanies === null ? EVERY_COMPANY_COLUMNS : columnsOf(userShape(scope));
  const [row] = await rowsFrom<UserRow>(
    db,
    sql`select ${columns} from users u where ${conditionsOf(scope, [sql`u.id = ${id}`])}`,
  );
  return row ? toRecord(row) : null;
}

/** Several users by id, in no particular order (the access review reads its page of users at once). */
export async function findUsersByIds(db: Conn, scope: UserScope, ids: string[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const columns = scope.visibleCompanies === null ? EVERY_COMPANY_COLUMNS : columnsOf(userShape(scope));
  const rows = await rowsFrom<UserRow>(
    db,
    sql`select ${columns} from users u where ${conditionsOf(scope, [sql`u.id = any(${uuidArray(ids)})`])}`,
  );
  return rows.map(toRecord);
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
