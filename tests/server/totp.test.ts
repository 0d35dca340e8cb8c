// TOTP itself against RFC 6238's published SHA-1 vectors, and enrolment on the account page:
// set-up, confirmation with a first code, recovery codes, turning off and new codes behind the
// current password — with the attacks a stolen session would send, and the secret never echoed,
// logged or audited once it is on.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, openTestDatabase, type TestApp } from './harness';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createUser, PASSWORD } from './factories';
import { auditRows, auditText, authClient, uniqueIp } from './auth-client';
import { call, codeAt, enrol, nowStep } from './two-factor-client';
import { recoveryCodes, users } from '../../server/db/schema';
import { issueToken } from '../../server/auth/tokens';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpAt } from '../../server/twoFactor/totp';

const SSO_DOMAIN = 'corp.example.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    sso: { azureTenantId: null, clientId: null, clientSecret: null, issuer: null, enforcedDomains: [SSO_DOMAIN] },
  });
});
afterAll(() => t.close());

const db = () => t.database.db;
const bearer = async (userId: string) => ({
  authorization: `Bearer ${(await issueToken(db(), userId, { amr: ['pwd'] })).token}`,
});
const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe('RFC 6238 (SHA-1 vectors, Appendix B)', () => {
  const key = Buffer.from('12345678901234567890', 'ascii');
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  it.each(vectors)('T=%i gives %s with 8 digits, and its last 6 with 6', (time, code) => {
    expect(totpAt(key, time, 8)).toBe(code);
    expect(totpAt(key, time)).toBe(code.slice(2));
  });

  it('base32 round-trips the RFC secret and accepts ±1 step only', () => {
    const secret = base32Encode(key);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret.toLowerCase())).toEqual(key);
    expect(matchTotp(secret, '287082', 59)).toBe(1);
    expect(matchTotp(secret, '287082', 59 + 30)).toBe(1);
    expect(matchTotp(secret, '287082', 59 - 30)).toBe(1);
    expect(matchTotp(secret, '755224', 0)).toBe(0); // no step before the epoch's first
    expect(matchTotp(secret, '287082', 59 + 60)).toBeNull();
    expect(matchTotp(secret, '28708', 59)).toBeNull();
    expect(hotp(key, 0, 6)).toBe('755224'); // RFC 4226 Appendix D, count 0
  });

  it('builds the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('ABC', 'Olympus', 'pat@example.test')).toBe(
      'otpauth://totp/Olympus:pat%40example.test?secret=ABC&issuer=Olympus&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('enrolment (POST /session/two-factor/setup and /confirm)', () => {
  it('answers a secret and a QR code, turns on with a first code, and answers ten recovery codes once', async () => {
    const me = await createUser(db());
    const headers = await bearer(me.id);
    expect((await call(t, 'GET', '/session/two-factor', headers)).json()).toEqual({
      data: { enabled: false, recovery_codes_left: 0, sso_only: false, password_needed: true },
    });

    const setup = await call(t, 'POST', '/session/two-factor/setup', headers, { current_password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri: uri, qr_code: qr } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');
    // Still off until confirmed; the pending secret is sealed, never stored as text.
    expect((await row(me.id)).totpEnabledAt).toBeNull();
    expect((await row(me.id)).totpPendingSecret).not.toContain(secret);

    const wrong = await call(t, 'POST', '/session/two-factor/confirm', headers, {
      code: codeAt(secret, nowStep() + 5),
      current_password: PASSWORD,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toMatch(/not right/);
    expect((await row(me.id)).totpEnabledAt).toBeNull();

    const ok = await call(t, 'POST', '/session/two-factor/confirm', headers, {
      code: codeAt(secret, nowStep()),
      current_password: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const after = await row(me.id);
    expect(after.totpEnabledAt).not.toBeNull();
    expect(after.totpPendingSecret).toBeNull();
    expect(after.totpSecret).not.toContain(secret);
    expect(after.totpLastStep).toBeGreaterThanOrEqual(nowStep() - 1);
    // Stored hashed only.
    const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    expect(stored).toHaveLength(10);
    for (const s of stored)
      expect(codes.some((c) => s.codeHash.includes(c) || s.codeHash.includes(c.replace('-', '')))).toBe(false);

    const status = await call(t, 'GET', '/session/two-factor', headers);
    expect(status.json()).toEqual({
      data: { enabled: true, recovery_codes_left: 10, sso_only: false, password_needed: true },
    });
    // Already on: no new secret is handed out, and confirming again changes nothing.
    expect(
      (await call(t, 'POST', '/session/two-factor/setup', headers, { current_password: PASSWORD })).statusCode,
    ).toBe(409);
    expect(
      (
        await call(t, 'POST', '/session/two-factor/confirm', headers, {
          code: codeAt(secret, nowStep()),
          current_password: PASSWORD,
        })
      ).statusCode,
    ).toBe(409);
    expect((await row(me.id)).totpSecret).toBe(after.totpSecret);
    expect((await auditRows(t, 'users.two_factor_enabled')).some((r) => r.entity_id === me.id)).toBe(true);
  });

  it('confirming with nothing pending is a 409; SSO-only users are refused; no token is a 401', async () => {
    const me = await createUser(db());
    const res = await call(t, 'POST', '/session/two-factor/confirm', await bearer(me.id), {
      code: '123456',
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    const sso = await createUser(db(), { email: `sam@${SSO_DOMAIN}` });
    expect((await call(t, 'POST', '/session/two-factor/setup', await bearer(sso.id), {})).statusCode).toBe(403);
    expect((await row(sso.id)).totpPendingSecret).toBeNull();
    expect(
      (await call(t, 'POST', '/session/two-factor/setup', { authorization: 'Bearer oly_stolen-or-made-up' }, {}))
        .statusCode,
    ).toBe(401);
    expect((await call(t, 'GET', '/session/two-factor', {})).statusCode).toBe(401);
  });

  it('a secret sealed for one user does not open on another user’s row', async () => {
    const a = await createUser(db());
    const b = await createUser(db());
    await call(t, 'POST', '/session/two-factor/setup', await bearer(a.id), { current_password: PASSWORD });
    const sealed = (await row(a.id)).totpPendingSecret;
    await db().update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, b.id));
    const res = await call(t, 'POST', '/session/two-factor/confirm', await bearer(b.id), {
      code: '123456',
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect((await row(b.id)).totpEnabledAt).toBeNull();
  });
});

describe('turning off and new recovery codes ask for the password', () => {
  it('a stolen session without the password turns nothing off (in parallel, at most 5 compared, then locked)', async () => {
    const me = await createUser(db());
    const headers = await bearer(me.id);
    await enrol(t, headers);
    const before = await row(me.id);
    const ip = uniqueIp();
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t, 'POST', '/session/two-factor/disable', headers, { current_password: `Guess-${i}-Wrong9` }, ip),
      ),
    );
    const codes = tries.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422).length).toBeLessThanOrEqual(5);
    expect(codes.every((c) => c === 422 || c === 429)).toBe(true);
    expect(codes).toContain(429);
    const after = await row(me.id);
    expect(after.totpEnabledAt).toEqual(before.totpEnabledAt);
    expect(after.totpSecret).toBe(before.totpSecret);
    expect(after.failedLogins).toBeLessThanOrEqual(5);
    // Locked: even the right password waits.
    expect(
      (await call(t, 'POST', '/session/two-factor/disable', headers, { current_password: PASSWORD })).statusCode,
    ).toBe(429);
    expect((await row(me.id)).totpEnabledAt).not.toBeNull();
    expect((await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id))).length).toBe(10);
  });

  it('with the password: new codes replace the old ones, and turning off clears the secret and the codes', async () => {
    const me = await createUser(db());
    const headers = await bearer(me.id);
    const { codes: first } = await enrol(t, headers);
    const again = await call(t, 'POST', '/session/two-factor/recovery-codes', headers, { current_password: PASSWORD });
    expect(again.statusCode).toBe(200);
    const second: string[] = again.json().data.recovery_codes;
    expect(second).toHaveLength(10);
    expect(second.some((c) => first.includes(c))).toBe(false);
    expect((await auditRows(t, 'users.recovery_codes_replaced')).some((r) => r.entity_id === me.id)).toBe(true);

    const off = await call(t, 'POST', '/session/two-factor/disable', headers, { current_password: PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({
      message: 'Two-factor sign-in is off',
      enabled: false,
      recovery_codes_left: 0,
      sso_only: false,
      password_needed: true,
    });
    const after = await row(me.id);
    expect([after.totpSecret, after.totpEnabledAt, after.totpLastStep]).toEqual([null, null, null]);
    expect((await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, me.id))).length).toBe(0);
    expect((await auditRows(t, 'users.two_factor_disabled')).some((r) => r.entity_id === me.id)).toBe(true);
    expect(
      (await call(t, 'POST', '/session/two-factor/disable', headers, { current_password: PASSWORD })).statusCode,
    ).toBe(409);
    expect(
      (await call(t, 'POST', '/session/two-factor/recovery-codes', headers, { current_password: PASSWORD })).statusCode,
    ).toBe(409);
  });
});

describe('the secret is never echoed, audited or logged once on', () => {
  it('appears only in the set-up answer', async () => {
    const me = await createUser(db());
    const headers = await bearer(me.id);
    const { secret, codes } = await enrol(t, headers);
    const answers = [
      await call(t, 'GET', '/session/two-factor', headers),
      await call(t, 'GET', '/session', headers),
      await call(t, 'GET', '/session/profile', headers),
      await call(t, 'POST', '/session/two-factor/recovery-codes', headers, { current_password: PASSWORD }),
    ];
    for (const a of answers) expect(a.body).not.toContain(secret);
    const audit = await auditText(t);
    expect(audit).not.toContain(secret);
    for (const c of codes) expect(audit).not.toContain(c);
  });

  it('reaches no log line, at debug level, through enrolment and a sign-in with a code', async () => {
    const lines: string[] = [];
    const { database, drop } = await openTestDatabase();
    const config = loadConfig(
      {},
      {
        dataDir: mkdtempSync(path.join(os.tmpdir(), 'olympus-data-')),
        staticDir: null,
        logLevel: 'debug',
        publicUrl: 'http://olympus.test',
      },
    );
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ config, database, logger: { level: 'debug', stream } });
    await app.ready();
    try {
      const logged: TestApp = { app, database, config, mail: t.mail, close: async () => {} };
      const me = await createUser(database.db);
      const headers = { authorization: `Bearer ${(await issueToken(database.db, me.id, { amr: ['pwd'] })).token}` };
      const { secret, codes } = await enrol(logged, headers);
      const client = authClient(logged);
      const login = await client.login(me.email);
      const challenge = login.json().data.challenge as string;
      const code = codeAt(secret, nowStep() + 1);
      expect((await client.post('/api/v1/auth/login/mfa', { challenge, code })).statusCode).toBe(200);
      const text = lines.join('\n');
      expect(lines.length).toBeGreaterThan(0);
      for (const s of [secret, code, challenge, ...codes]) expect(text).not.toContain(s);
    } finally {
      await app.close();
      app.mailer.close();
      await database.close();
      await drop();
    }
  });
});
