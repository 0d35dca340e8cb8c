// The permission catalogue: dotted names with labels. Wildcard entries (`users.*`) are grants too;
// the role editor shows them as the group's "all" checkbox. Each area's rows are declared with the
// area (contract/access.ts), so a new area is one entry there.
import { AREAS } from './access';

export interface PermissionDef {
  name: string;
  label: string;
}

const crud = (area: string, noun: string): PermissionDef[] => [
  { name: `${area}.*`, label: `All ${noun} permissions` },
  { name: `${area}.view`, label: `View ${noun}` },
  { name: `${area}.create`, label: `Create ${noun}` },
  { name: `${area}.update`, label: `Update ${noun}` },
  { name: `${area}.delete`, label: `Delete ${noun}` },
];

/** The areas' rows (contract/access.ts `grants`) in the role editor's group order, then the connected systems'. */
export const PERMISSIONS: readonly PermissionDef[] = [
  ...AREAS.flatMap((a) => (a.grants ? [{ key: a.key, ...a.grants }] : []))
    .sort((a, b) => a.order - b.order)
    .flatMap((g) => [...(g.crud ? crud(g.key, g.crud) : []), ...(g.more ?? [])]),
  { name: 'systems.*', label: 'All system permissions' },
  { name: 'systems.redirect', label: 'Open connected systems' },
];

export const PERMISSION_NAMES: ReadonlySet<string> = new Set(PERMISSIONS.map((p) => p.name));
