// A user form's values → what to write, with every check the schema cannot make: a non-blank name,
// a free email, companies that exist and that the caller may assign, roles of the right system
// (super_admin only from a super_admin). All problems come back together as one 422; then a role the
// caller may not give (./grants.ts) answers 403 naming its field.
import type { AuthContext } from '../types';
import type { Conn } from '../db/conn';
import { isUuid } from '../db/conn';
import { FieldErrors, MSG } from '../http/fieldErrors';
import { ApiError } from '../errors';
import { cleanText, requiredText } from '../crud/values';
import { SUPER_ADMIN } from '../../contract/roles';
import { emailTaken, existingCompanies, roleOptions } from './queries';
import { ROLE_FIELDS } from './systems';
import type { UserRecord } from './queries';
import { GRANT_USER_MSG, mayGiveRole, type Holdings } from './grants';

type CompanyRef = string | { uuid?: string; id?: string };

export interface UserBody {
  name?: string;
  email?: string;
  companies?: CompanyRef[];
  olympus_role_uuid?: string | null;
  everest_role_uuid?: string | null;
  portal_role_uuid?: string | null;
  bypass_sso?: boolean;
  disabled?: boolean;
  reset_password?: boolean;
}

import type { UserInput } from './userInput';

export type { UserInput } from './userInput';

export const USER_INPUT_MSG = {
  companiesRequired: 'Choose at least one company.',
  ownRole: 'You cannot change your own Olympus role.',
} as const;

/** Companies the caller may give or take away: every one for super_admin (null), else their own. */
export const assignableCompanies = (auth: AuthContext): string[] | null =>
  auth.role === SUPER_ADMIN ? null : auth.companyIds;

const refId = (ref: CompanyRef): string | undefined => (typeof ref === 'string' ? ref : (ref.uuid ?? ref.id));

async function readCompanies(db: Conn, auth: AuthContext, errors: FieldErrors, refs: CompanyRef[]): Promise<string[]> {
  const ids = [...new Set(refs.map(refId).map((id) => id?.trim().toLowerCase() ?? ''))];
  const wellFormed = ids.filter(isUuid);
  const found = new Set((await existingCompanies(db, wellFormed)).map((c) => c.id));
  const assignable = assignableCompanies(auth);
  const ok = ids.every((id) => found.has(id) && (assignable === null || assignable.includes(id)));
  if (!ok) errors.add('companies', MSG.selectedInvalid('companies'));
  return ids.filter((id) => found.has(id));
}

/**
 * `current` is the user being edited (null when creating). Only what was sent is read; a role field
 * equal to the current value is left alone, so saving an untouched form changes nothing.
 */
export async function readUserInput(
  db: Conn,
  auth: AuthContext,
  grantor: Holdings,
  body: UserBody,
  current: UserRecord | null,
): Promise<UserInput> {
  const errors = new FieldErrors();
  const notHeld: Record<string, string[]> = {};
  const input: UserInput = { roles: {}, resetPassword: body.reset_password === true };

  if (body.name !== undefined) input.name = requiredText(errors, 'name', body.name) ?? undefined;
  if (body.email !== undefined) {
    const email = requiredText(errors, 'email', body.email);
    if (email !== null) {
      input.email = email;
      if (await emailTaken(db, email, current?.id)) errors.add('email', MSG.emailTaken);
    }
  }
  if (body.bypass_sso !== undefined) input.bypassSso = body.bypass_sso;
  if (body.disabled !== undefined) input.disabled = body.disabled;

  if (body.companies !== undefined) {
    input.companies = await readCompanies(db, auth, errors, body.companies);
    if (body.companies.length === 0 && current !== null) errors.add('companies', USER_INPUT_MSG.companiesRequired);
  }

  const sent = ROLE_FIELDS.filter((f) => body[f.field] !== undefined);
  if (sent.length) {
    const options = await roleOptions(db);
    for (const f of sent) {
      const raw = cleanText(body[f.field]);
      const wanted = raw?.toLowerCase() ?? null;
      if (current && wanted === current[f.field]) continue;
      const role =
        wanted !== null && isUuid(wanted) ? options.find((r) => r.id === wanted && r.system === f.system) : undefined;
      if (wanted !== null) {
        // Only a super_admin makes (or unmakes) another super_admin.
        if (!role || (role.name === SUPER_ADMIN && auth.role !== SUPER_ADMIN)) {
          errors.add(f.field, MSG.selectedInvalid(f.field));
          continue;
        }
      }
      if (f.field === 'olympus_role_uuid' && current?.id === auth.userId) {
        // Demoting yourself could leave nobody able to undo it.
        errors.add(f.field, USER_INPUT_MSG.ownRole);
        continue;
      }
      // Nobody gives a role they do not hold (./grants.ts); taking one away is a matter of reach.
      if (role && !mayGiveRole(grantor, role)) {
        notHeld[f.field] = [GRANT_USER_MSG.roleNotHeld];
        continue;
      }
      input.roles[f.field] = wanted;
    }
  }
  errors.throwIfAny();
  if (Object.keys(notHeld).length) throw new ApiError(403, GRANT_USER_MSG.roleNotHeld, notHeld);
  return input;
}
