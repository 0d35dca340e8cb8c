// The permission catalogue as stored (seeded from contract/permissions.ts). A database that was never
// seeded gets the catalogue on first read, so the role editor always has something to offer.
import { permissions } from '../db/schema';
import type { Conn } from '../db/conn';
import { PERMISSIONS } from '../../contract/permissions';

export interface PermissionRow {
  name: string;
  label: string;
}

const catalogueIndex = new Map(PERMISSIONS.map((p, i) => [p.name, i]));

/** Catalogue order (each group's wildcard first), then anything added later by name. */
function byCatalogue(a: PermissionRow, b: PermissionRow): number {
  const x = catalogueIndex.get(a.name) ?? Number.MAX_SAFE_INTEGER;
  const y = catalogueIndex.get(b.name) ?? Number.MAX_SAFE_INTEGER;
  return x - y || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

export async function loadPermissions(db: Conn): Promise<PermissionRow[]> {
  let rows = await db.select({ name: permissions.name, label: permissions.label }).from(permissions);
  if (rows.length === 0) {
    await db
      .insert(permissions)
      .values(PERMISSIONS.map((p) => ({ name: p.name, label: p.label })))
      .onConflictDoNothing();
    rows = await db.select({ name: permissions.name, label: permissions.label }).from(permissions);
  }
  return rows.sort(byCatalogue);
}
