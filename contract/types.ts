// Entity shapes as they cross the wire. The server answers them, the SPA reads them.
import type { CompanyRecord } from './resources/companies';
import type { PropertyRecord } from './resources/properties';
import type { RoleRecord } from './resources/roles';
import type { UnitRecord } from './resources/units';

export type Uuid = string;

export interface SystemRef {
  uuid: Uuid;
  name: string;
  description: string | null;
}

export interface RoleRef {
  uuid: Uuid;
  name: string;
  label: string;
  /** Which connected system the role belongs to (Olympus, Everest, Portal, …). */
  system: string;
}

export interface OlympusRole {
  uuid: Uuid;
  name: string;
  label: string;
  permissions: string[];
}

export interface CompanyRef {
  uuid: Uuid;
  id: Uuid;
  name: string;
}

/** GET /api/v1/session → data */
export interface SessionUser {
  /** True while the user's role requires two-factor sign-in they have not turned on (only the account page works). */
  two_factor_required?: boolean;
  uuid: Uuid;
  id: Uuid;
  name: string;
  username: string;
  email: string;
  bypass_sso: boolean;
  companies: CompanyRef[];
  systems: SystemRef[];
  roles: RoleRef[];
  olympusRole: OlympusRole | null;
  olympus_role_uuid: Uuid | null;
  everest_role_uuid: Uuid | null;
  portal_role_uuid: Uuid | null;
  property_permissions: string[];
}

/** A user's state on the users list: invited (never signed in, no password of their own yet), active, disabled, locked
 * (too many wrong passwords, for now). */
export type UserStatus = 'invited' | 'active' | 'disabled' | 'locked';

/** A row of GET /api/v1/users: the session user's shape plus the list's state columns. */
export interface User extends SessionUser {
  disabled: boolean;
  status: UserStatus;
  /** ISO date-time of the last sign-in; null: never. */
  last_login_at: string | null;
}

/** POST /api/v1/auth/login → data: a token, a first-login challenge, or a second-factor challenge. */
export type LoginData =
  | { access_token: string; token_type: 'Bearer'; expires_at: string }
  | { session: string; username: string }
  | { mfa_required: true; challenge: string; username: string };

/** A company, derived from its declaration (contract/resources/companies.ts, docs/resources.md). */
export type Company = CompanyRecord;

/** A property, derived from its declaration (contract/resources/properties.ts, docs/resources.md). */
export type Property = PropertyRecord;

/** A unit, derived from its declaration (contract/resources/units.ts, docs/resources.md). */
export type Unit = UnitRecord;

export interface Permission {
  name: string;
  label: string;
}

/**
 * An Olympus role, derived from its declaration (contract/resources/roles.ts). `require_two_factor`:
 * password sign-ins of its holders must turn on two-factor sign-in before anything else.
 */
export type Role = RoleRecord;

export interface Report {
  id: string;
  name: string;
  url: string;
  token: string;
}

export interface Integration {
  value: string;
  label: string;
}

/** The API's response convention: success carries data (data.message for mutations), failure a top-level message. */
export interface ApiSuccess<T> {
  data: T;
}
export interface ApiFailure {
  message: string;
  errors?: Record<string, string[]>;
}
