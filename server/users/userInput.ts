// What a create or update of a user asks for, once read and checked (./input.ts reads it; ./grants.ts
// judges whether the caller may ask it).
import type { RoleField } from './systems';

export interface UserInput {
  name?: string;
  email?: string;
  bypassSso?: boolean;
  disabled?: boolean;
  resetPassword: boolean;
  /** The requested companies among those the caller may assign (undefined: not sent). */
  companies?: string[];
  /** Per role field that was sent and changes: the role uuid, or null for none / no access. */
  roles: Partial<Record<RoleField, string | null>>;
}
