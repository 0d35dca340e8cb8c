// TypeBox shapes and texts of the caller's own second factor (server/session/ownTwoFactorRoutes.ts).
// The secret is answered once, by setup, while it is still pending; never after it is confirmed.
import { Type } from 'typebox';

const Password = Type.String({ maxLength: 1024 });

const statusFields = {
  enabled: Type.Boolean(),
  recovery_codes_left: Type.Integer({ description: 'Unused recovery codes (0 when two-factor sign-in is off)' }),
  sso_only: Type.Boolean({
    description: 'Signs in only through single sign-on: the provider’s own second factor applies',
  }),
  password_needed: Type.Boolean({
    description:
      'Whether turning it on asks for the current password: false only just after a password sign-in of someone whose role requires two-factor sign-in',
  }),
};
export const TwoFactorStatusResponse = Type.Object({ data: Type.Object(statusFields) });

export const TwoFactorSetupResponse = Type.Object({
  data: Type.Object({
    secret: Type.String({
      description: 'Base32 secret to type into an authenticator app; shown only while enrolment is pending',
    }),
    otpauth_uri: Type.String(),
    qr_code: Type.String({ description: 'The otpauth URI as a QR code, an SVG data URL' }),
  }),
});

const OptionalPassword = Type.Optional(
  Type.String({
    maxLength: 1024,
    description:
      'The current password; not needed just after a password sign-in of someone whose role requires two-factor sign-in',
  }),
);
export const TwoFactorSetupBody = Type.Object({ current_password: OptionalPassword });
export const TwoFactorConfirmBody = Type.Object({
  code: Type.String({ maxLength: 32 }),
  current_password: OptionalPassword,
});
export const PasswordOnlyBody = Type.Object({ current_password: Password });

export const RecoveryCodesResponse = Type.Object({
  data: Type.Object({
    message: Type.String(),
    recovery_codes: Type.Array(Type.String(), { description: 'Shown once; stored only hashed' }),
  }),
});
export const TwoFactorOffResponse = Type.Object({ data: Type.Object({ message: Type.String(), ...statusFields }) });

export const TWO_FACTOR_MSG = {
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  newCodes: 'New recovery codes have been made; the old ones no longer work',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  noSetup: 'Start again with "Turn on": no set-up is waiting to be confirmed.',
  codeMissing: 'Enter the 6-digit code from your authenticator app.',
  codeWrong: 'That code is not right. Check that your phone’s clock is correct and try the newest code.',
  ssoOnly: 'Your organisation signs you in with single sign-on, which has its own second factor.',
} as const;
