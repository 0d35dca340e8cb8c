// The permission catalogue: dotted names with labels. Wildcard entries (`users.*`) are grants too;
// the role editor shows them as the group's "all" checkbox. Each area's rows are declared with the
// area (contract/access.ts), so a new area is one entry there.
import { AREAS } from './access';
import type { PermissionDef } from './areas';
import { ADMIN, SUPER_ADMIN, SYSTEM_USER, type OlympusRoleName } from './roles';

export type { PermissionDef } from './areas';

const crud = (area: string, noun: { one: string; many: string }): PermissionDef[] => [
  { name: `${area}.*`, label: `All ${noun.one} permissions` },
  { name: `${area}.view`, label: `View ${noun.many}` },
  { name: `${area}.create`, label: `Create ${noun.many}` },
  { name: `${area}.update`, label: `Update ${noun.many}` },
  { name: `${area}.delete`, label: `Delete ${noun.many}` },
];

const GROUPS = AREAS.flatMap((a) => (a.grants ? [{ key: a.key, ...a.grants }] : [])).sort((a, b) => a.order - b.order);

/** The connected systems' rows, after the areas'; with their built-in defaults as an area's `defaults`. */
const SYSTEM_ROWS = {
  rows: [
    { name: 'systems.*', label: 'All system permissions' },
    { name: 'systems.redirect', label: 'Open connected systems' },
  ],
  defaults: {
    [SUPER_ADMIN]: ['systems.*'],
    [ADMIN]: ['systems.redirect'],
    [SYSTEM_USER]: ['systems.redirect'],
  } as Partial<Record<OlympusRoleName, readonly string[]>>,
};

/** The areas' rows (contract/access.ts `grants`) in the role editor's group order, then the connected systems'. */
export const PERMISSIONS: readonly PermissionDef[] = [
  ...GROUPS.flatMap((g) => [...(g.crud ? crud(g.key, g.crud) : []), ...(g.more ?? [])]),
  ...SYSTEM_ROWS.rows,
];

/** What each built-in role is given by default (the areas' `defaults`), in catalogue order. */
const defaultsOf = (role: OlympusRoleName): readonly string[] =>
  [
    ...GROUPS.map((g): Partial<Record<OlympusRoleName, readonly string[]>> | undefined =>
      'defaults' in g ? g.defaults : undefined,
    ),
    SYSTEM_ROWS.defaults,
  ].flatMap((d) => d?.[role] ?? []);
export const DEFAULT_GRANTS: Readonly<Record<OlympusRoleName, readonly string[]>> = {
  [SUPER_ADMIN]: defaultsOf(SUPER_ADMIN),
  [ADMIN]: defaultsOf(ADMIN),
  [SYSTEM_USER]: defaultsOf(SYSTEM_USER),
};

export const PERMISSION_NAMES: ReadonlySet<string> = new Set(PERMISSIONS.map((p) => p.name));

// A default naming a permission the catalogue lacks is a mistake in an area's declaration: caught
// wherever the catalogue is loaded, with the name to fix.
for (const [role, grants] of Object.entries(DEFAULT_GRANTS)) {
  for (const grant of grants) {
    if (!PERMISSION_NAMES.has(grant))
      throw new Error(
        `The default grant "${grant}" of the ${role} role is not a permission of the catalogue (contract/access.ts).`,
      );
  }
}
