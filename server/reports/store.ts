// Reads and writes of the reports table, always within one company; a report in the trash is in no
// read (docs/resources.md "Trash").
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { reports } from '../db/schema';
import type { Conn } from '../db/conn';
import { rowsOf } from '../db/rows';
import { AREA, mayOpenArea } from '../../contract/access';
import { OLYMPUS_SYSTEM, SUPER_ADMIN } from '../../contract/roles';

export type StoredReport = typeof reports.$inferSelect;

export function listReports(db: Db, companyId: string): Promise<StoredReport[]> {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.companyId, companyId), isNull(reports.deletedAt)))
    .orderBy(asc(reports.position), asc(reports.createdAt), asc(reports.id));
}

/** After the company's last report (a transaction's handle too: the management API's create). */
export async function nextPosition(db: Conn, companyId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${reports.position}) + 1, 0)::int` })
    .from(reports)
    .where(eq(reports.companyId, companyId));
  return row?.next ?? 0;
}

interface AccessRow {
  role: string | null;
  permissions: string[];
  member: boolean;
}

/**
 * Whether a report token's user may still see the company's reports: not disabled, still in the
 * company (super_admin: any) and still holding the reports permission. Checked on every data call, so
 * revoking access takes effect before the 10-minute token runs out.
 */
export async function mayStillSeeReports(db: Db, userId: string, companyId: string): Promise<boolean> {
  const [row] = rowsOf<AccessRow>(
    await db.execute(sql`
      select r.name as role,
        coalesce((select json_agg(rp.permission) from role_permissions rp where rp.role_id = r.id), '[]'::json) as permissions,
        exists(select 1 from user_companies uc where uc.user_id = u.id and uc.company_id = ${companyId}::uuid) as member
      from users u
      left join user_systems us on us.user_id = u.id
        and us.system_id = (select id from systems where name = ${OLYMPUS_SYSTEM})
      left join roles r on r.id = us.role_id
      where u.id = ${userId}::uuid and u.disabled_at is null`),
  );
  if (!row) return false;
  if (!row.member && row.role !== SUPER_ADMIN) return false;
  return mayOpenArea(AREA.reports, { role: row.role, permissions: row.permissions });
}
