// The caller's own second factor on the account page (DESIGN §4: TOTP, RFC 6238): set up a secret
// (QR code and text), confirm it with a first code, which turns it on and answers ten recovery codes
// once; turning it off and new recovery codes ask for the current password again, throttled like
// sign-in (./currentPassword.ts). Always about the caller; nobody else's row is reachable from here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { conflict, forbidden, invalid, unauthorized } from '../errors';
import { users } from '../db/schema';
import { requireAuth } from '../auth/guard';
import { auditAuth } from '../auth/authAudit';
import { clearAuthCache } from '../auth/authCache';
import { errorResponses } from '../auth/schemas';
import type { UserRow } from '../auth/accounts';
import { lockUser } from '../users/grants';
import { sealingKey } from '../secrets/prepare';
import { matchTotp, newTotpSecret, otpauthUri } from '../twoFactor/totp';
import { clearSecondFactor, openTotpSecret, replaceRecoveryCodes, sealTotpSecret, unusedRecoveryCodes } from '../twoFactor/store';
import { checkCurrentPassword, ownUserRow, ssoOnly } from './currentPassword';
import {
  PasswordOnlyBody,
  RecoveryCodesResponse,
  TWO_FACTOR_MSG,
  TwoFactorConfirmBody,
  TwoFactorOffResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from './twoFactorSchemas';

const tags = ['session'];
const config = { tenantCheck: false };
const ISSUER = 'Olympus';

const ownTwoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const me = async (request: FastifyRequest): Promise<UserRow> => {
    const row = await ownUserRow(app, requireAuth(request).userId);
    if (!row || row.disabledAt) throw unauthorized();
    return row;
  };
  const status = async (u: UserRow) => ({
    enabled: u.totpEnabledAt !== null,
    recovery_codes_left: u.totpEnabledAt ? await unusedRecoveryCodes(app.db, u.id) : 0,
    sso_only: ssoOnly(app, u),
  });
  const usable = (u: UserRow) => {
    if (ssoOnly(app, u)) throw forbidden(TWO_FACTOR_MSG.ssoOnly);
  };

  app.get(
    '/session/two-factor',
    { config, schema: { tags, summary: 'Whether the caller’s two-factor sign-in is on, and unused recovery codes', response: { 200: TwoFactorStatusResponse, 401: errorResponses[401], 403: errorResponses[403] } } },
    async (request) => ({ data: await status(await me(request)) }),
  );

  app.post(
    '/session/two-factor/setup',
    {
      config,
      schema: {
        tags,
        summary: 'Start turning on two-factor sign-in: a new secret as text and QR code, pending until confirmed',
        description: 'Each call replaces the pending secret. 409 when two-factor sign-in is already on; 403 for single-sign-on users.',
        response: { 200: TwoFactorSetupResponse, ...errorResponses, 409: errorResponses[403] },
      },
    },
    async (request) => {
      const user = await me(request);
      usable(user);
      if (user.totpEnabledAt) throw conflict(TWO_FACTOR_MSG.alreadyOn);
      const secret = newTotpSecret();
      await app.db
        .update(users)
        .set({ totpPendingSecret: sealTotpSecret(sealingKey(app.db), user.id, secret), updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      const uri = otpauthUri(secret, ISSUER, user.email);
      const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      await auditAuth(app, request, 'users.two_factor_setup_started', { userId: user.id });
      return { data: { secret, otpauth_uri: uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}` } };
    },
  );

  app.post(
    '/session/two-factor/confirm',
    {
      config,
      schema: {
        tags,
        summary: 'Confirm the pending secret with a first code: turns two-factor sign-in on and answers ten recovery codes, once',
        description: '422 on `code` when it is not the current code of the pending secret; 409 when already on or nothing is pending.',
        body: TwoFactorConfirmBody,
        response: { 200: RecoveryCodesResponse, ...errorResponses, 409: errorResponses[403] },
      },
    },
    async (request) => {
      const user = await me(request);
      usable(user);
      if (user.totpEnabledAt) throw conflict(TWO_FACTOR_MSG.alreadyOn);
      const code = request.body.code.replace(/\s/g, '');
      if (!code) throw invalid({ code: [TWO_FACTOR_MSG.codeMissing] });
      const key = sealingKey(app.db);
      const codes = await app.db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        const [row] = await tx.select().from(users).where(eq(users.id, user.id));
        if (!row || row.totpEnabledAt) throw conflict(TWO_FACTOR_MSG.alreadyOn);
        const secret = openTotpSecret(key, user.id, row.totpPendingSecret);
        if (!secret) throw conflict(TWO_FACTOR_MSG.noSetup);
        const step = matchTotp(secret, code);
        if (step === null) throw invalid({ code: [TWO_FACTOR_MSG.codeWrong] });
        // The confirming code's step counts as used: it cannot sign in afterwards.
        await tx
          .update(users)
          .set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: sql`now()`, totpLastStep: step, updatedAt: sql`now()` })
          .where(eq(users.id, user.id));
        return replaceRecoveryCodes(tx, user.id);
      });
      // A token held back until enrolment (../auth/twoFactorGate.ts) works from the next request on.
      clearAuthCache();
      await auditAuth(app, request, 'users.two_factor_enabled', { userId: user.id });
      return { data: { message: TWO_FACTOR_MSG.enabled, recovery_codes: codes } };
    },
  );

  app.post(
    '/session/two-factor/disable',
    {
      config,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (asks for the current password)',
        description: 'The current password is throttled like sign-in (422 on `current_password` when wrong, 429 when locked). 409 when it is not on.',
        body: PasswordOnlyBody,
        response: { 200: TwoFactorOffResponse, ...errorResponses, 409: errorResponses[403] },
      },
    },
    async (request) => {
      const user = await me(request);
      if (!user.totpEnabledAt) throw conflict(TWO_FACTOR_MSG.notOn);
      await checkCurrentPassword(app, request, user, request.body.current_password, 'users.two_factor_disable_failed');
      await app.db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        await clearSecondFactor(tx, user.id);
      });
      await auditAuth(app, request, 'users.two_factor_disabled', { userId: user.id, detail: { by: 'self' } });
      const after = await me(request);
      return { data: { message: TWO_FACTOR_MSG.disabled, ...(await status(after)) } };
    },
  );

  app.post(
    '/session/two-factor/recovery-codes',
    {
      config,
      schema: {
        tags,
        summary: 'Replace the recovery codes with ten new ones, answered once (asks for the current password)',
        description: 'The current password is throttled like sign-in (422 on `current_password` when wrong, 429 when locked). 409 when two-factor sign-in is off.',
        body: PasswordOnlyBody,
        response: { 200: RecoveryCodesResponse, ...errorResponses, 409: errorResponses[403] },
      },
    },
    async (request) => {
      const user = await me(request);
      if (!user.totpEnabledAt) throw conflict(TWO_FACTOR_MSG.notOn);
      await checkCurrentPassword(app, request, user, request.body.current_password, 'users.recovery_codes_failed');
      const codes = await app.db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        const [row] = await tx.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
        if (!row?.on) throw conflict(TWO_FACTOR_MSG.notOn);
        return replaceRecoveryCodes(tx, user.id);
      });
      await auditAuth(app, request, 'users.recovery_codes_replaced', { userId: user.id });
      return { data: { message: TWO_FACTOR_MSG.newCodes, recovery_codes: codes } };
    },
  );
};

export default ownTwoFactorRoutes;
