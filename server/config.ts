// Configuration from the environment, validated at start with one clear message per bad value.
import { isLoopbackHttp } from './http/loopback';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy';
import { policyErrors } from './auth/passwordPolicy';
import { STATEMENT_TIMEOUT_MS } from './db/database';
import { CONNECT_TIMEOUT_MS } from './db/boundedPool';
import { AUDIT_RETENTION_DEFAULT_DAYS, AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS } from '../contract/audit';
import { TRASH_DEFAULT_DAYS, TRASH_MAX_DAYS, TRASH_MIN_DAYS } from '../contract/trash';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Longest a statement may run on PostgreSQL before it is cancelled (OLYMPUS_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
  /** Longest a request waits to connect to PostgreSQL, or for a pooled connection (OLYMPUS_DB_CONNECT_TIMEOUT_MS). */
  dbConnectTimeoutMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  demoPassword: string | null;
  /** Seed the demo data on an empty database (OLYMPUS_SEED; default only for the embedded database). */
  seedDemo: boolean;
  /** OLYMPUS_BOOTSTRAP_ADMIN_EMAIL/_PASSWORD: the first super admin, used only while none exists
   * (server/db/bootstrap.ts). */
  bootstrapAdmin: { email: string; password: string } | null;
  /** 32-byte key for AES-256-GCM of integration secrets; null = derived per data directory at start. */
  secretKey: Buffer | null;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed (server/http/trustProxy.ts). */
  trustProxy: TrustProxy;
  sso: {
    azureTenantId: string | null;
    clientId: string | null;
    clientSecret: string | null;
    issuer: string | null;
    enforcedDomains: string[];
  };
  /** Directory of the built SPA; null disables static serving. */
  staticDir: string | null;
  /** Serve the demo stand-ins for Everest and Portal under /demo (OLYMPUS_DEMO_SYSTEMS). */
  demoSystems: boolean;
  /**
   * Build-time settings of the SPA (`npm start` builds it with the same environment). The server
   * reads them only to open the CSP for the hosts the built app will really talk to.
   */
  sentryDsn: string | null;
  gtmId: string | null;
  /** VITE_API_URL when it names another host (absolute URL); null when the SPA calls its own origin. */
  spaApiUrl: string | null;
  /** Disable users not signed in for this many days (OLYMPUS_DORMANT_DISABLE_DAYS); null = off. */
  dormantDisableDays: number | null;
  /** Audit rows older than this many days are deleted hourly (OLYMPUS_AUDIT_RETENTION_DAYS;
   * server/auditLog/retention.ts). */
  auditRetentionDays: number;
  /** Deleted records stay restorable this many days, then the server purges them (OLYMPUS_TRASH_DAYS;
   * server/crud/purge.ts). */
  trashDays: number;
  /**
   * A running import whose server has not shown it is alive for this many seconds is marked failed
   * with what it committed (OLYMPUS_IMPORT_STALE_SECONDS; server/imports/jobs.ts).
   */
  importStaleSeconds: number;
  /** Snapshots of the embedded database every this many hours (OLYMPUS_BACKUP_INTERVAL_HOURS;
   * server/backups/snapshots.ts); null = off. */
  backupIntervalHours: number | null;
  /** How many snapshots to keep (OLYMPUS_BACKUP_KEEP). */
  backupKeep: number;
  /**
   * Two-factor sign-in required of super admins (OLYMPUS_SUPER_ADMIN_TWO_FACTOR). The super_admin role
   * cannot be edited, so its requirement is the operator's, not a role screen's tick.
   */
  superAdminTwoFactor: boolean;
  /** Power BI "app owns data" embedding (server/reports/providers/powerbi.ts); hosts configurable for tests. */
  powerbi: PowerBiConfig;
}

export interface PowerBiConfig {
  apiUrl: string;
  authorityUrl: string;
  tenantId: string | null;
  clientId: string | null;
  clientSecret: string | null;
  timeoutMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super('Olympus cannot start, the configuration has problems:\n' + problems.map((p) => `  - ${p}`).join('\n'));
  }
}

type Env = Record<string, string | undefined>;

/** The problem reported for DATABASE_URL without OLYMPUS_SECRET_KEY. */
const SECRET_KEY_REQUIRED = (dataDir: string) =>
  "OLYMPUS_SECRET_KEY is required with DATABASE_URL: every instance must seal and open the database's secrets with the same key. " +
  "Generate one with `openssl rand -hex 32` (or `node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"`), " +
  'set it on every instance and keep a copy apart from the database backups. ' +
  `If an earlier start created ${dataDir.replace(/\/+$/, '')}/secret.key, set its contents instead, so the secrets sealed with it still open.`;

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = [];
  const str = (name: string): string | null => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? null : v.trim();
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === null) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = str(name);
    if (raw === null) return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}").`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = str(name);
    if (raw === null) return null;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) throw new Error();
      return raw;
    } catch {
      problems.push(
        `${name} must be a URL starting with ${protocols.map((p) => p + '//').join(' or ')} (got "${redactUrl(raw)}").`,
      );
      return null;
    }
  };

  const port = int('PORT', 3000, 0, 65535);
  const publicUrl = (url('OLYMPUS_PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = str('MAIL_FROM') ?? 'Olympus <no-reply@olympus.local>';
  if (!/@/.test(mailFrom)) problems.push(`MAIL_FROM must contain an email address (got "${mailFrom}").`);

  const demoPassword = str('OLYMPUS_DEMO_PASSWORD');
  if (
    demoPassword !== null &&
    !(demoPassword.length > 8 && /[A-Z]/.test(demoPassword) && /[a-z]/.test(demoPassword) && /\d/.test(demoPassword))
  ) {
    problems.push('OLYMPUS_DEMO_PASSWORD must be more than 8 characters with upper case, lower case and a digit.');
  }

  const bootstrapEmail = str('OLYMPUS_BOOTSTRAP_ADMIN_EMAIL');
  // A password: never echoed in a message.
  const bootstrapPassword = str('OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD');
  let bootstrapAdmin: Config['bootstrapAdmin'] = null;
  if ((bootstrapEmail === null) !== (bootstrapPassword === null)) {
    problems.push('OLYMPUS_BOOTSTRAP_ADMIN_EMAIL and OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD must be set together.');
  } else if (bootstrapEmail !== null && bootstrapPassword !== null) {
    if (!/^[^\s@]+@[^\s@]+$/.test(bootstrapEmail))
      problems.push(`OLYMPUS_BOOTSTRAP_ADMIN_EMAIL must be an email address (got "${bootstrapEmail}").`);
    else if (policyErrors(bootstrapPassword).length) {
      problems.push(
        'OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD must be 9 to 128 characters with upper case, lower case and a digit, and not a common password.',
      );
    } else bootstrapAdmin = { email: bootstrapEmail, password: bootstrapPassword };
  }

  let secretKey: Buffer | null = null;
  const rawKey = str('OLYMPUS_SECRET_KEY');
  if (rawKey !== null) {
    const key = /^[0-9a-f]{64}$/i.test(rawKey) ? Buffer.from(rawKey, 'hex') : Buffer.from(rawKey, 'base64');
    if (key.length !== 32) problems.push('OLYMPUS_SECRET_KEY must be 32 bytes, as 64 hex digits or base64.');
    else secretKey = key;
  }

  const trustProxyParsed = parseTrustProxy(str('TRUST_PROXY'));
  if ('problem' in trustProxyParsed) problems.push(trustProxyParsed.problem);
  const trustProxy = 'value' in trustProxyParsed ? trustProxyParsed.value : false;

  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}").`);
  }

  const issuer = url('OIDC_ISSUER', ['http:', 'https:']);
  // Plain http only for a provider on this machine (the local test provider).
  if (issuer !== null && new URL(issuer).protocol === 'http:' && !isLoopbackHttp(issuer)) {
    problems.push(
      `OIDC_ISSUER must start with https:// (plain http only for 127.0.0.1 or localhost; got "${issuer}").`,
    );
  }

  // SPA build settings (read by Vite; validated here so a typo fails loudly at start, not silently in the browser).
  const sentryDsn = url('VITE_SENTRY_DSN', ['http:', 'https:']);
  const gtmId = str('VITE_GTM_ID');
  if (gtmId !== null && !/^(GTM|G)-[A-Z0-9]{4,20}$/i.test(gtmId))
    problems.push(`VITE_GTM_ID must be a container id like GTM-ABC1234 (got "${gtmId}").`);
  const replayRate = str('VITE_SENTRY_REPLAYS_SESSION_SAMPLE_RATE');
  if (replayRate !== null && !(/^\d*\.?\d+$/.test(replayRate) && Number(replayRate) <= 1)) {
    problems.push(`VITE_SENTRY_REPLAYS_SESSION_SAMPLE_RATE must be a number from 0 to 1 (got "${replayRate}").`);
  }
  const rawApiUrl = str('VITE_API_URL');
  // A path (or nothing) means the SPA calls its own origin; only an absolute URL opens the CSP.
  const spaApiUrl = rawApiUrl !== null && !rawApiUrl.startsWith('/') ? url('VITE_API_URL', ['http:', 'https:']) : null;
  const azureTenantId = str('AZURE_TENANT_ID');
  // Power BI reuses the Azure AD app of SSO unless POWERBI_* name another one.
  const powerbi: PowerBiConfig = {
    apiUrl: (url('POWERBI_API_URL', ['http:', 'https:']) ?? 'https://api.powerbi.com').replace(/\/+$/, ''),
    authorityUrl: (url('AZURE_AUTHORITY_URL', ['http:', 'https:']) ?? 'https://login.microsoftonline.com').replace(
      /\/+$/,
      '',
    ),
    tenantId: str('POWERBI_TENANT_ID') ?? azureTenantId,
    clientId: str('POWERBI_CLIENT_ID') ?? str('AZURE_CLIENT_ID'),
    clientSecret: str('POWERBI_CLIENT_SECRET') ?? str('AZURE_CLIENT_SECRET'),
    timeoutMs: int('POWERBI_TIMEOUT_MS', 10_000, 100, 120_000),
  };
  const rawDormant = str('OLYMPUS_DORMANT_DISABLE_DAYS');
  let dormantDisableDays: number | null = null;
  if (rawDormant !== null) {
    const n = Number(rawDormant);
    if (/^\d+$/.test(rawDormant) && Number.isSafeInteger(n) && n >= 1 && n <= 3650) dormantDisableDays = n;
    else
      problems.push(
        `OLYMPUS_DORMANT_DISABLE_DAYS must be a whole number of days from 1 to 3650, or unset to keep automatic disabling off (got "${rawDormant}").`,
      );
  }
  const rawBackupHours = str('OLYMPUS_BACKUP_INTERVAL_HOURS');
  let backupIntervalHours: number | null = null;
  if (rawBackupHours !== null) {
    const n = Number(rawBackupHours);
    // PostgreSQL has its own tools, and instances behind a load balancer would each take one
    // (README "Backups and durability").
    if (databaseUrl !== null)
      problems.push(
        'OLYMPUS_BACKUP_INTERVAL_HOURS is for the embedded database only: with DATABASE_URL, run `npm run backup` (or pg_dump) from a scheduler instead.',
      );
    else if (/^\d+$/.test(rawBackupHours) && n >= 1 && n <= 8760) backupIntervalHours = n;
    else
      problems.push(
        `OLYMPUS_BACKUP_INTERVAL_HOURS must be a whole number of hours from 1 to 8760, or unset to take no scheduled snapshots (got "${rawBackupHours}").`,
      );
  }
  const config: Config = {
    port,
    host: str('HOST') ?? '0.0.0.0',
    publicUrl,
    dataDir: str('OLYMPUS_DATA_DIR') ?? './data',
    databaseUrl,
    statementTimeoutMs: int('OLYMPUS_STATEMENT_TIMEOUT_MS', STATEMENT_TIMEOUT_MS, 100, 600_000),
    dbConnectTimeoutMs: int('OLYMPUS_DB_CONNECT_TIMEOUT_MS', CONNECT_TIMEOUT_MS, 100, 60_000),
    smtpUrl,
    mailFrom,
    demoPassword,
    // Demo data and demo systems belong to the embedded database on a developer's machine; with a
    // PostgreSQL server (production) they are off unless asked for.
    seedDemo: bool('OLYMPUS_SEED', databaseUrl === null),
    bootstrapAdmin,
    secretKey,
    logLevel,
    trustProxy,
    sso: {
      azureTenantId,
      clientId: str('AZURE_CLIENT_ID'),
      clientSecret: str('AZURE_CLIENT_SECRET'),
      issuer,
      enforcedDomains: (str('SSO_ENFORCED_DOMAINS') ?? '')
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    },
    staticDir: str('OLYMPUS_STATIC_DIR') ?? 'dist',
    demoSystems: bool('OLYMPUS_DEMO_SYSTEMS', databaseUrl === null),
    sentryDsn,
    gtmId,
    spaApiUrl,
    powerbi,
    dormantDisableDays,
    auditRetentionDays: int(
      'OLYMPUS_AUDIT_RETENTION_DAYS',
      AUDIT_RETENTION_DEFAULT_DAYS,
      AUDIT_RETENTION_MIN_DAYS,
      AUDIT_RETENTION_MAX_DAYS,
    ),
    trashDays: int('OLYMPUS_TRASH_DAYS', TRASH_DEFAULT_DAYS, TRASH_MIN_DAYS, TRASH_MAX_DAYS),
    importStaleSeconds: int('OLYMPUS_IMPORT_STALE_SECONDS', 120, 4, 3600),
    backupIntervalHours,
    backupKeep: int('OLYMPUS_BACKUP_KEEP', 7, 1, 1000),
    superAdminTwoFactor: bool('OLYMPUS_SUPER_ADMIN_TWO_FACTOR', false),
    ...overrides,
  };
  // A generated demo password is printed once: fine on a developer's machine, never for a server database.
  if (config.seedDemo && config.databaseUrl !== null && config.demoPassword === null) {
    problems.push(
      'OLYMPUS_SEED=true with DATABASE_URL needs OLYMPUS_DEMO_PASSWORD: Olympus does not print a generated password for a PostgreSQL database.',
    );
  }
  // Without it a key would be generated into this one machine's data directory: other instances could
  // not open what it seals, and a lost container loses every secret (docs/security.md "Secrets at rest").
  if (config.databaseUrl !== null && config.secretKey === null && rawKey === null)
    problems.push(SECRET_KEY_REQUIRED(config.dataDir));
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** Never print a password that may sit inside a URL. */
export function redactUrl(raw: string): string {
  return raw.replace(/\/\/([^:/@]+):([^@]+)@/, '//$1:***@');
}

/** The configuration for a command-line entry point (the server, backup): each problem printed, exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
