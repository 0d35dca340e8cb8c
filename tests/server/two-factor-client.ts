// Helpers for the two-factor tests: enrol a user through the account API with a code computed from
// the secret it answers, and compute codes for a given step.
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { TestApp } from './harness';
import { uniqueIp } from './auth-client';
import { PASSWORD } from './factories';
import { base32Decode, hotp, totpStep } from '../../server/twoFactor/totp';
import { users } from '../../server/db/schema';

export const nowStep = () => totpStep(Date.now() / 1000);
export const codeAt = (secret: string, step: number) => hotp(base32Decode(secret), step);

export function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
  ip = uniqueIp(),
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url: `/api/v1${url}`, headers, payload, remoteAddress: ip });
}

/**
 * Turns two-factor sign-in on for the bearer's user; answers the secret and the recovery codes.
 * `password`: the current password sent with both steps (the factories' PASSWORD); null sends none,
 * as just after a password sign-in of someone whose role requires it.
 */
export async function enrol(
  t: TestApp,
  headers: Record<string, string>,
  password: string | null = PASSWORD,
): Promise<{ secret: string; codes: string[] }> {
  const proof = password === null ? {} : { current_password: password };
  const setup = await call(t, 'POST', '/session/two-factor/setup', headers, proof);
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const secret = setup.json().data.secret as string;
  const confirm = await call(t, 'POST', '/session/two-factor/confirm', headers, {
    code: codeAt(secret, nowStep()),
    ...proof,
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.statusCode} ${confirm.body}`);
  return { secret, codes: confirm.json().data.recovery_codes as string[] };
}

/** Forgets the last accepted step, so a test can sign in again with a code of the current window. */
export async function forgetLastStep(t: TestApp, userId: string): Promise<void> {
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));
}
