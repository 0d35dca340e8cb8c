// The user form's per-system role fields: the Olympus role, and access to Everest
// and Portal with a role there ('' = none / no access).
import { OLYMPUS_SYSTEM } from '../../contract/roles';

export const ROLE_FIELDS = [
  { field: 'olympus_role_uuid', system: OLYMPUS_SYSTEM, label: 'Olympus role', none: 'No role' },
  { field: 'everest_role_uuid', system: 'Everest', label: 'Everest role', none: 'No access' },
  { field: 'portal_role_uuid', system: 'Portal', label: 'Portal role', none: 'No access' },
] as const;

export type RoleField = (typeof ROLE_FIELDS)[number]['field'];
