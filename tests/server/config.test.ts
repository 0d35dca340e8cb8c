// Configuration from the environment: defaults, and one clear message per bad value.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { ConfigError, loadConfig, redactUrl } from '../../server/config';

const KEY = '0123456789abcdef'.repeat(4);

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: './data',
      databaseUrl: null,
      smtpUrl: null,
      demoPassword: null,
      seedDemo: true,
      demoSystems: true,
      staticDir: 'dist',
      sentryDsn: null,
      gtmId: null,
      spaApiUrl: null,
    });
  });

  it('follows PORT in the default public URL and trims a trailing slash from OLYMPUS_PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ OLYMPUS_PUBLIC_URL: 'https://olympus.example.com/' }).publicUrl).toBe(
      'https://olympus.example.com',
    );
  });

  it('reads the SPA build settings it needs for the CSP', () => {
    const c = loadConfig({
      VITE_SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2',
      VITE_GTM_ID: 'GTM-ABC1234',
      VITE_API_URL: 'https://api.example.com',
      OLYMPUS_DEMO_SYSTEMS: 'false',
    });
    expect(c).toMatchObject({
      sentryDsn: 'https://k@o1.ingest.sentry.io/2',
      gtmId: 'GTM-ABC1234',
      spaApiUrl: 'https://api.example.com',
      demoSystems: false,
    });
    // A path means "this origin".
    expect(loadConfig({ VITE_API_URL: '/' }).spaApiUrl).toBeNull();
  });

  it('lists every bad value at once, each with its own message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://user:hunter2@db/olympus',
      OLYMPUS_DEMO_PASSWORD: 'short',
      OLYMPUS_SEED: 'maybe',
      LOG_LEVEL: 'loud',
      SMTP_URL: 'http://mail',
      OLYMPUS_SECRET_KEY: 'abc',
      VITE_SENTRY_DSN: 'not a url',
      VITE_GTM_ID: 'UA 123',
      VITE_SENTRY_REPLAYS_SESSION_SAMPLE_RATE: '2',
      OLYMPUS_DEMO_SYSTEMS: 'perhaps',
    });
    expect(problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "eighty").',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://user:***@db/olympus").',
      'SMTP_URL must be a URL starting with smtp:// or smtps:// (got "http://mail").',
      'OLYMPUS_DEMO_PASSWORD must be more than 8 characters with upper case, lower case and a digit.',
      'OLYMPUS_SECRET_KEY must be 32 bytes, as 64 hex digits or base64.',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").',
      'VITE_SENTRY_DSN must be a URL starting with http:// or https:// (got "not a url").',
      'VITE_GTM_ID must be a container id like GTM-ABC1234 (got "UA 123").',
      'VITE_SENTRY_REPLAYS_SESSION_SAMPLE_RATE must be a number from 0 to 1 (got "2").',
      'OLYMPUS_SEED must be true or false (got "maybe").',
      'OLYMPUS_DEMO_SYSTEMS must be true or false (got "perhaps").',
    ]);
  });

  it('says what is wrong in one readable message, never echoing a password', () => {
    let message = '';
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'postgres://olympus:s3cret@', OLYMPUS_DEMO_PASSWORD: 'password' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Olympus cannot start, the configuration has problems:\n {2}- PORT/);
    expect(message).toContain('OLYMPUS_DEMO_PASSWORD');
    expect(message).not.toContain('s3cret');
  });

  it('accepts good values', () => {
    expect(
      problemsOf({
        PORT: '8080',
        DATABASE_URL: 'postgresql://u:p@localhost:5432/olympus',
        OLYMPUS_SECRET_KEY: KEY,
        OLYMPUS_DEMO_PASSWORD: 'Olympus-Demo-1',
        VITE_SENTRY_REPLAYS_SESSION_SAMPLE_RATE: '0.25',
      }),
    ).toEqual([]);
  });

  it('requires OLYMPUS_SECRET_KEY with DATABASE_URL, saying how to make one; the embedded database keeps its generated key file', () => {
    const DATABASE_URL = 'postgres://olympus:pw@db.example:5432/olympus';
    const problems = problemsOf({ DATABASE_URL, OLYMPUS_DATA_DIR: '/srv/olympus/' });
    expect(problems).toEqual([
      "OLYMPUS_SECRET_KEY is required with DATABASE_URL: every instance must seal and open the database's secrets with the same key. " +
        "Generate one with `openssl rand -hex 32` (or `node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"`), " +
        'set it on every instance and keep a copy apart from the database backups. ' +
        'If an earlier start created /srv/olympus/secret.key, set its contents instead, so the secrets sealed with it still open.',
    ]);
    // The command it gives makes a key it accepts.
    const generated = execFileSync(
      process.execPath,
      ['-e', "console.log(require('crypto').randomBytes(32).toString('hex'))"],
      { encoding: 'utf8' },
    ).trim();
    expect(loadConfig({ DATABASE_URL, OLYMPUS_SECRET_KEY: generated }).secretKey).toEqual(
      Buffer.from(generated, 'hex'),
    );
    expect(
      loadConfig({ DATABASE_URL, OLYMPUS_SECRET_KEY: Buffer.from(KEY, 'hex').toString('base64') }).secretKey,
    ).toEqual(Buffer.from(KEY, 'hex'));
    // A bad key is one problem, not two.
    expect(problemsOf({ DATABASE_URL, OLYMPUS_SECRET_KEY: 'abc' })).toEqual([
      'OLYMPUS_SECRET_KEY must be 32 bytes, as 64 hex digits or base64.',
    ]);
    expect(problemsOf({ DATABASE_URL, OLYMPUS_SECRET_KEY: '   ' })).toHaveLength(1);
    expect(loadConfig({}).secretKey).toBeNull();
  });

  it('TRUST_PROXY takes false, a number of proxies or their addresses, never "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8 , loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      'TRUST_PROXY=true would believe any X-Forwarded-For a client sends, so anyone could pick the address throttling and the audit see. ' +
        'Set the number of proxies in front of Olympus (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16).',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'ON' })).toHaveLength(1);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.5,proxy.local,10.0.0.0/33' })).toEqual([
      'TRUST_PROXY must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or ranges ' +
        '(e.g. 10.0.0.5,10.1.0.0/16); these are not addresses: "proxy.local", "10.0.0.0/33".',
    ]);
    expect(problemsOf({ TRUST_PROXY: '50' })).toEqual([
      'TRUST_PROXY must be a number of proxies from 1 to 10, or their addresses (got "50").',
    ]);
  });

  it('redacts passwords in URLs', () => {
    expect(redactUrl('postgres://olympus:s3cret@db:5432/x')).toBe('postgres://olympus:***@db:5432/x');
  });
});
