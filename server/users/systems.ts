// The user form's per-system role fields (the declaration's inputs, contract/resources/users.ts): the
// Olympus role, and access to Everest and Portal with a role there ('' = none / no access).
import { OLYMPUS_SYSTEM } from '../../contract/roles';

export const ROLE_FIELDS = [
  { field: 'olympus_role_uuid', system: OLYMPUS_SYSTEM, none: 'No role' },
  { field: 'everest_role_uuid', system: 'Everest', none: 'No access' },
  { field: 'portal_role_uuid', system: 'Portal', none: 'No access' },
] as const;

export type RoleField = (typeof ROLE_FIELDS)[number]['field'];
