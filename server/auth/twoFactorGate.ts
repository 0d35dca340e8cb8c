// A role that requires two-factor sign-in (roles.require_two_factor): a password sign-in of a holder
// without a second factor yet reaches only what enrolment on the account page needs. Checked once,
// in the guard (./guard.ts), so no route can forget it; the guard's cached answer carries the flag.
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { rowsFrom } from '../db/statements';
import { OLYMPUS_SYSTEM, SUPER_ADMIN } from '../../contract/roles';
import type { AuthContext } from '../types';
import { forbidden } from '../errors';

export const TWO_FACTOR_REQUIRED_MSG =
  'Two-factor sign-in is required for your role. Turn it on from your account page.';

const API = '/api/v1';
/** Method and route pattern (as registered) a restricted token may still call. */
const OPEN = new Set([
  `GET ${API}/session`,
  // The account page reads these to render; changing them waits until enrolled.
  `GET ${API}/session/profile`,
  `GET ${API}/session/sessions`,
  `GET ${API}/session/two-factor`,
  `POST ${API}/session/two-factor/setup`,
  `POST ${API}/session/two-factor/confirm`,
  `POST ${API}/auth/logout`,
  `POST ${API}/auth/authenticated`,
  'GET /sanctum/csrf-cookie',
]);

/** 403 for every call but enrolment's while the caller's role requires a second factor they lack. */
export function refuseUntilEnrolled(request: FastifyRequest, auth: AuthContext): void {
  if (!auth.twoFactorRequired) return;
  // An unmatched URL has no pattern: refused like any other.
  const route = request.routeOptions.url ?? '';
  if (OPEN.has(`${request.method} ${route}`)) return;
  if (request.method === 'HEAD' && OPEN.has(`GET ${route}`)) return;
  throw forbidden(TWO_FACTOR_REQUIRED_MSG);
}

/** Whether the user's Olympus role requires two-factor sign-in (the role's tick, or OLYMPUS_SUPER_ADMIN_TWO_FACTOR for
 * super admins). */
export async function roleRequiresTwoFactor(db: Db, userId: string, superAdminTwoFactor: boolean): Promise<boolean> {
  const [row] = await rowsFrom<{ required: boolean }>(
    db,
    sql`
    select (r.require_two_factor or (r.name = ${SUPER_ADMIN} and ${superAdminTwoFactor})) as required
    from user_systems us
    join systems s on s.id = us.system_id and s.name = ${OLYMPUS_SYSTEM}
    join roles r on r.id = us.role_id and r.deleted_at is null
    where us.user_id = ${userId}`,
  );
  return row?.required === true;
}
