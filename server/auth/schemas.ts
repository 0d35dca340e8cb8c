// TypeBox schemas of the sign-in endpoints: request bodies (validated, 422 on failure) and responses
// (serialised, and published at /api/docs).
import { Type } from 'typebox';
import { ErrorBody } from '../http/schemas';

/** RFC 5321 caps an address at 254 characters. */
const Email = Type.String({ format: 'email', maxLength: 254 });
/** Generous cap so an absurd body fails validation instead of reaching argon2; policy caps at 128. */
const Password = Type.String({ minLength: 1, maxLength: 1024 });

const MessageData = Type.Object({ message: Type.String() });

export const LoginBody = Type.Object({ email: Email, password: Password });

const TokenFields = {
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_at: Type.String({ format: 'date-time' }),
};
const TokenData = Type.Object(TokenFields, { description: 'Signed in: a bearer token' });
const ChallengeData = Type.Object(
  { session: Type.String(), username: Type.String() },
  { description: 'A new password must be set first: POST /auth/password/new with this session' },
);
const SecondFactorData = Type.Object(
  { mfa_required: Type.Literal(true), challenge: Type.String(), username: Type.String() },
  { description: 'Two-factor sign-in is on: POST /auth/login/mfa with this challenge and a code' },
);
export const LoginResponse = Type.Object({ data: Type.Union([TokenData, ChallengeData, SecondFactorData]) });

export const LoginMfaBody = Type.Object({
  challenge: Type.String({ minLength: 1, maxLength: 200 }),
  code: Type.String({
    minLength: 1,
    maxLength: 32,
    description: 'A 6-digit code from the authenticator app, or a recovery code',
  }),
});
export const TokenResponse = Type.Object({ data: TokenData });

export const MessageResponse = Type.Object({ data: MessageData });
export const AuthenticatedResponse = Type.Object({ data: Type.Object({ authenticated: Type.Literal(true) }) });

export const PasswordNewBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  /** The SPA sends the username here when it has no name; accepted, not stored. */
  name: Type.Optional(Type.String({ maxLength: 255 })),
  new_password: Password,
  session: Type.String({ minLength: 1, maxLength: 200 }),
});
/** Signed in with the new password, or (second factor on) only the message: sign in with password and code. */
export const PasswordNewResponse = Type.Object({
  data: Type.Object({
    message: Type.String(),
    access_token: Type.Optional(TokenFields.access_token),
    token_type: Type.Optional(TokenFields.token_type),
    expires_at: Type.Optional(TokenFields.expires_at),
  }),
});

export const ResetBody = Type.Object({ email: Email });

export const VerifyBody = Type.Object({
  email: Email,
  new_password: Password,
  verification_code: Type.String({ minLength: 1, maxLength: 32 }),
});

/** A set-password link's token (base64url of 32 bytes is 43 characters). */
const InvitationToken = Type.String({ minLength: 1, maxLength: 200 });
export const InvitationCheckBody = Type.Object({ token: InvitationToken });
export const InvitationCheckResponse = Type.Object({
  data: Type.Object({
    email: Type.String(),
    name: Type.String(),
    kind: Type.Union([Type.Literal('invite'), Type.Literal('reset')], {
      description: 'invite: a new account; reset: an administrator reset the password',
    }),
  }),
});
export const InvitationAcceptBody = Type.Object({ token: InvitationToken, new_password: Password });

export const errorResponses = {
  401: ErrorBody,
  403: ErrorBody,
  419: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
} as const;
