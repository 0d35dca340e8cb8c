// TypeBox shapes and texts of the caller's own account changes (server/session/ownProfileRoutes.ts):
// name and email, and the password. Answers never carry a password or its hash.
import { Type } from 'typebox';
import { NAME_MAX } from '../http/schemas';

/** Generous cap so an absurd body fails validation instead of reaching argon2; the policy caps at 128. */
const Password = Type.String({ maxLength: 1024 });

const profileFields = {
  name: Type.String(),
  email: Type.String(),
  sso_only: Type.Boolean({
    description: 'Signs in only through single sign-on: no password to change, email managed by the organisation',
  }),
};

export const ProfileResponse = Type.Object({ data: Type.Object(profileFields) });
export const ProfileSavedResponse = Type.Object({ data: Type.Object({ message: Type.String(), ...profileFields }) });

export const ProfileBody = Type.Object({
  name: Type.String({ maxLength: NAME_MAX }),
  /** RFC 5321 caps an address at 254 characters. */
  email: Type.Optional(Type.String({ minLength: 1, maxLength: 254, format: 'email' })),
  current_password: Type.Optional(Password),
});

export const PasswordChangeBody = Type.Object({
  current_password: Password,
  new_password: Password,
  new_password_confirmation: Password,
});

export const PasswordChangedResponse = Type.Object({
  data: Type.Object({
    message: Type.String(),
    access_token: Type.String({
      description: 'A new token for this browser: every token of the account, this one included, was revoked',
    }),
    token_type: Type.Literal('Bearer'),
    expires_at: Type.String({ format: 'date-time' }),
  }),
});

export const PROFILE_MSG = {
  saved: 'Your details have been saved',
  passwordChanged: 'Your password has been changed',
  currentRequired: 'Enter your current password to change your email.',
  currentMissing: 'Enter your current password.',
  currentWrong: 'The current password is incorrect.',
  confirmationMismatch: 'The new password confirmation does not match.',
  sameAsCurrent: 'The new password must be different from your current password.',
  ssoPassword: 'Your organisation signs you in with single sign-on, so there is no Olympus password to change.',
  ssoEmail: 'Your email address is managed by your organisation’s single sign-on. Ask your administrator to change it.',
  ssoDomain: 'Addresses at this domain sign in with single sign-on. Ask your administrator to change your email.',
  locked: (s: number) => `Too many wrong passwords. Please try again in ${s} seconds.`,
} as const;
