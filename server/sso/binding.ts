// Binds an SSO transaction to the browser that started it (login CSRF, RFC 9700 section 4.7.1): the start
// sets a random value in an HttpOnly cookie only the callback API path receives, the transaction
// keeps its SHA-256, and the callback refuses a transaction the posting browser cannot prove it began.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { randomSecret, sha256 } from '../auth/tokens';
import { SSO_TRANSACTION_TTL_MS } from './transactions';

export const SSO_BINDING_COOKIE = 'olympus_sso';
/** The only path the browser sends the cookie to: the callback the SPA posts. */
export const SSO_CALLBACK_PATH = '/api/v1/auth/login/azure/callback';

function cookieOptions(config: Pick<Config, 'publicUrl'>) {
  return {
    path: SSO_CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
  };
}

/** Sets a fresh binding cookie and answers the hash to store with the transaction. */
export function bindBrowser(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): string {
  const binding = randomSecret(32);
  reply.setCookie(SSO_BINDING_COOKIE, binding, { ...cookieOptions(config), maxAge: SSO_TRANSACTION_TTL_MS / 1000 });
  return sha256(binding);
}

/** The hash of the posting browser's binding, or null when it sent none. */
export function browserBinding(request: FastifyRequest): string | null {
  const value = request.cookies?.[SSO_BINDING_COOKIE];
  return typeof value === 'string' && value !== '' ? sha256(value) : null;
}

/** A binding is good for one callback. */
export function clearBinding(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(SSO_BINDING_COOKIE, cookieOptions(config));
}
