// The permission catalogue: dotted names with labels. Wildcard entries (`users.*`) are grants too;
// the role editor shows them as the group's "all" checkbox.

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

export const PERMISSIONS: readonly PermissionDef[] = [
  ...crud('users', 'users'),
  { name: 'users.view_all', label: 'View users of every company' },
  ...crud('companies', 'companies'),
  ...crud('properties', 'properties'),
  ...crud('units', 'units'),
  ...crud('roles', 'roles'),
  { name: 'integrations.*', label: 'All integration permissions' },
  { name: 'integrations.view', label: 'View integrations' },
  { name: 'integrations.update', label: 'Update integrations' },
  { name: 'reports.*', label: 'All report permissions' },
  { name: 'reports.access', label: 'Access reports' },
  { name: 'reports.manage', label: 'Manage reports' },
  { name: 'systems.*', label: 'All system permissions' },
  { name: 'systems.redirect', label: 'Open connected systems' },
];

export const PERMISSION_NAMES: ReadonlySet<string> = new Set(PERMISSIONS.map((p) => p.name));
