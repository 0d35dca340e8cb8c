// The SessionUser of contract/types.ts (SPEC §3 User) for one user, in one query: Postgres builds the
// nested lists as JSON; sorting happens here so PGlite and PostgreSQL collations cannot differ.
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import type { CompanyRef, RoleRef, SessionUser, SystemRef } from '../../contract/types';
import { OLYMPUS_SYSTEM } from '../../contract/roles';
import { rowsOf } from '../auth/rows';

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
  companies: { id: string; name: string }[];
  systems: SystemRow[];
  olympus_permissions: string[];
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en') || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The role uuid the user holds in the named system, or null. */
const roleIn = (systems: SystemRow[], name: string) => systems.find((s) => s.name === name)?.role_uuid ?? null;

export async function loadSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const result = await db.execute(sql`
    select u.id, u.name, u.username, u.email, u.bypass_sso,
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name))
        from user_companies uc join companies c on c.id = uc.company_id where uc.user_id = u.id), '[]'::json) as companies,
      coalesce((select json_agg(json_build_object('uuid', s.id, 'name', s.name, 'description', s.description,
          'role_uuid', r.id, 'role_name', r.name, 'role_label', r.label))
        from user_systems us join systems s on s.id = us.system_id left join roles r on r.id = us.role_id
        where us.user_id = u.id), '[]'::json) as systems,
      coalesce((select json_agg(rp.permission order by rp.permission)
        from user_systems us join systems s on s.id = us.system_id and s.name = ${OLYMPUS_SYSTEM}
        join role_permissions rp on rp.role_id = us.role_id
        where us.user_id = u.id), '[]'::json) as olympus_permissions
    from users u where u.id = ${userId} and u.disabled_at is null`);
  const [row] = rowsOf<UserRow>(result);
  if (!row) return null;

  const systemRows = [...row.systems].sort(byName);
  const companies: CompanyRef[] = [...row.companies].sort(byName).map((c) => ({ uuid: c.id, id: c.id, name: c.name }));
  const systems: SystemRef[] = systemRows.map((s) => ({ uuid: s.uuid, name: s.name, description: s.description }));
  const roles: RoleRef[] = systemRows
    .filter((s) => s.role_uuid !== null)
    .map((s) => ({ uuid: s.role_uuid as string, name: s.role_name as string, label: s.role_label as string, system: s.name }));
  const olympus = systemRows.find((s) => s.name === OLYMPUS_SYSTEM && s.role_uuid !== null);

  return {
    uuid: row.id,
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    bypass_sso: row.bypass_sso,
    companies,
    systems,
    roles,
    olympusRole: olympus
      ? { uuid: olympus.role_uuid as string, name: olympus.role_name as string, label: olympus.role_label as string, permissions: row.olympus_permissions }
      : null,
    olympus_role_uuid: roleIn(systemRows, OLYMPUS_SYSTEM),
    everest_role_uuid: roleIn(systemRows, 'Everest'),
    portal_role_uuid: roleIn(systemRows, 'Portal'),
    // Property-level grants arrive with a later issue; the SPA expects the list to exist.
    property_permissions: [],
  };
}
