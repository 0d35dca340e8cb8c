// Fastify decorations shared by every route module.
import type { Config } from './config';
import type { Database, Db } from './db';
import type { Mailer } from './mail/mailer';

/** Who is calling, resolved from the bearer token by server/auth/guard.ts. */
export interface AuthContext {
  userId: string;
  tokenId: string;
  name: string;
  email: string;
  /** Olympus role name (super_admin, admin, system_user) or null when none is set. */
  role: string | null;
  permissions: string[];
  companyIds: string[];
  /** A password sign-in whose Olympus role requires a second factor the user has not set up: only enrolment is open
   * (server/auth/twoFactorGate.ts). */
  twoFactorRequired?: boolean;
  /** How the token's sign-in was authenticated (server/auth/tokens.ts AuthMethod). */
  amr: string[];
  /** When that sign-in happened (ms since the epoch): the token's issue time. */
  authenticatedAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The X-Tenant company, checked against the caller's companies (null when none was sent). */
    tenantId: string | null;
  }
}
