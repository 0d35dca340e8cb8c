// The caller's own second factor on the account page (TOTP, RFC 6238): set up a secret
// (QR code and text), confirm it with a first code, which turns it on and answers ten recovery codes
// once. Each step asks for the current password again, throttled like sign-in (./currentPassword.ts
// requireFreshProof; setting up passes without it just after a password sign-in of a holder whose role
// requires it). Turning it on, off or renewing the recovery codes ends every other session of the user,
// and this session's token then says what it proved (docs/security.md "How a token was signed in").
// Always about the caller; nobody else's row is reachable from here.
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
import {
  clearSecondFactor,
  openTotpSecret,
  replaceRecoveryCodes,
  sealTotpSecret,
  unusedRecoveryCodes,
} from '../twoFactor/store';
import { inEnrolmentWindow, ownUserRow, requireFreshProof, ssoOnly } from './currentPassword';
import { revokeOtherTokens, setTokenMethods, SECOND_FACTOR_METHODS, type AuthMethod } from '../auth/tokens';
import {
  PasswordOnlyBody,
  RecoveryCodesResponse,
  TWO_FACTOR_MSG,
  TwoFactorConfirmBody,
  TwoFactorOffResponse,
  TwoFactorSetupBody,
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
  const status = async (request: FastifyRequest, u: UserRow) => ({
    enabled: u.totpEnabledAt !== null,
    recovery_codes_left: u.totpEnabledAt ? await unusedRecoveryCodes(app.db, u.id) : 0,
    sso_only: ssoOnly(app, u),
    password_needed: !inEnrolmentWindow(requireAuth(request)),
  });
  /** This session's token after a change of the second factor: what it proves now; every other session ends. */
  const methodsWith = (request: FastifyRequest, secondFactor: boolean): AuthMethod[] => {
    const kept = requireAuth(request).amr.filter(
      (m) => !(SECOND_FACTOR_METHODS as readonly string[]).includes(m),
    ) as AuthMethod[];
    return secondFactor ? [...kept, 'otp'] : kept;
  };
  const usable = (u: UserRow) => {
    if (ssoOnly(app, u)) throw forbidden(TWO_FACTOR_MSG.ssoOnly);
  };

  app.get(
    '/session/two-factor',
    {
      config,
      schema: {
        tags,
        summary: 'Whether the caller’s two-factor sign-in is on, and unused recovery codes',
        response: { 200: TwoFactorStatusResponse, 401: errorResponses[401], 403: errorResponses[403] },
      },
    },
    async (request) => ({ data: await status(request, await me(request)) }),
  );

  app.post(
    '/session/two-factor/setup',
    {
      config,
      schema: {
        tags,
        summary:
          'Start turning on two-factor sign-in: a new secret as text and QR code, pending until confirmed (asks for the current password)',
        description:
          'Each call replaces the pending secret. `current_password` is required (422 when missing or wrong, 429 when locked) except within 15 minutes of a password sign-in ' +
          'of someone whose role requires two-factor sign-in. 409 when two-factor sign-in is already on; 403 for single-sign-on users.',
        body: TwoFactorSetupBody,
        response: { 200: TwoFactorSetupResponse, ...errorResponses, 409: errorResponses[403] },
      },
    },
    async (request) => {
      const user = await me(request);
      usable(user);
      if (user.totpEnabledAt) throw conflict(TWO_FACTOR_MSG.alreadyOn);
      await requireFreshProof(
        app,
        request,
        user,
        request.body.current_password,
        'two_factor_on',
        'users.two_factor_setup_failed',
      );
      const secret = newTotpSecret();
      await app.db
        .update(users)
        .set({ totpPendingSecret: sealTotpSecret(sealingKey(app.db), user.id, secret), updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      const uri = otpauthUri(secret, ISSUER, user.email);
      const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      await auditAuth(app, request, 'users.two_factor_setup_started', { userId: user.id });
      return {
        data: { secret, otpauth_uri: uri, qr_code: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}` },
      };
    },
  );

  app.post(
    '/session/two-factor/confirm',
    {
      config,
      schema: {
        tags,
        summary:
          'Confirm the pending secret with a first code: turns two-factor sign-in on, answers ten recovery codes once, ends every other session',
        description:
          '`current_password` as for setup. 422 on `code` when it is not the current code of the pending secret; 409 when already on or nothing is pending. ' +
          'This session then counts as signed in with the second factor; every other session of the account ends.',
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
      await requireFreshProof(
        app,
        request,
        user,
        request.body.current_password,
        'two_factor_on',
        'users.two_factor_setup_failed',
      );
      const key = sealingKey(app.db);
      const tokenId = requireAuth(request).tokenId;
      const amr = methodsWith(request, true);
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
          .set({
            totpSecret: row.totpPendingSecret,
            totpPendingSecret: null,
            totpEnabledAt: sql`now()`,
            totpLastStep: step,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, user.id));
        // A session signed in before (a phished password's, say) must not ride on the new factor.
        await revokeOtherTokens(tx, user.id, tokenId);
        await setTokenMethods(tx, tokenId, amr);
        return replaceRecoveryCodes(tx, user.id);
      });
      // A token held back until enrolment (../auth/twoFactorGate.ts) works from the next request on.
      clearAuthCache();
      await auditAuth(app, request, 'users.two_factor_enabled', { userId: user.id, detail: { signed_out: 'others' } });
      return { data: { message: TWO_FACTOR_MSG.enabled, recovery_codes: codes } };
    },
  );

  app.post(
    '/session/two-factor/disable',
    {
      config,
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (asks for the current password); ends every other session',
        description:
          'The current password is throttled like sign-in (422 on `current_password` when wrong, 429 when locked). 409 when it is not on.',
        body: PasswordOnlyBody,
        response: { 200: TwoFactorOffResponse, ...errorResponses, 409: errorResponses[403] },
      },
    },
    async (request) => {
      const user = await me(request);
      if (!user.totpEnabledAt) throw conflict(TWO_FACTOR_MSG.notOn);
      await requireFreshProof(
        app,
        request,
        user,
        request.body.current_password,
        'two_factor_off',
        'users.two_factor_disable_failed',
      );
      const tokenId = requireAuth(request).tokenId;
      const amr = methodsWith(request, false);
      await app.db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        await clearSecondFactor(tx, user.id);
        await revokeOtherTokens(tx, user.id, tokenId);
        await setTokenMethods(tx, tokenId, amr);
      });
      clearAuthCache();
      await auditAuth(app, request, 'users.two_factor_disabled', {
        userId: user.id,
        detail: { by: 'self', signed_out: 'others' },
      });
      const after = await me(request);
      return { data: { message: TWO_FACTOR_MSG.disabled, ...(await status(request, after)) } };
    },
  );

  app.post(
    '/session/two-factor/recovery-codes',
    {
      config,
      schema: {
        tags,
        summary:
          'Replace the recovery codes with ten new ones, answered once (asks for the current password); ends every other session',
        description:
          'The current password is throttled like sign-in (422 on `current_password` when wrong, 429 when locked). 409 when two-factor sign-in is off.',
        body: PasswordOnlyBody,
        response: { 200: RecoveryCodesResponse, ...errorResponses, 409: errorResponses[403] },
      },
    },
    async (request) => {
      const user = await me(request);
      if (!user.totpEnabledAt) throw conflict(TWO_FACTOR_MSG.notOn);
      await requireFreshProof(
        app,
        request,
        user,
        request.body.current_password,
        'recovery_codes',
        'users.recovery_codes_failed',
      );
      const tokenId = requireAuth(request).tokenId;
      const codes = await app.db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        const [row] = await tx.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
        if (!row?.on) throw conflict(TWO_FACTOR_MSG.notOn);
        await revokeOtherTokens(tx, user.id, tokenId);
        return replaceRecoveryCodes(tx, user.id);
      });
      clearAuthCache();
      await auditAuth(app, request, 'users.recovery_codes_replaced', {
        userId: user.id,
        detail: { signed_out: 'others' },
      });
      return { data: { message: TWO_FACTOR_MSG.newCodes, recovery_codes: codes } };
    },
  );
};

export default ownTwoFactorRoutes;
