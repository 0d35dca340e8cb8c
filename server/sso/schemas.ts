// TypeBox schemas of the SSO endpoints (GET /auth/login/azure, POST /auth/login/azure/callback).
import { Type } from 'typebox';
import { ErrorBody } from '../http/schemas';

/** A system name as the dashboard shows it (Everest, Portal, …). */
const SystemName = Type.String({ minLength: 1, maxLength: 100 });

export const StartQuery = Type.Object({ system: Type.Optional(SystemName) });
export const StartResponse = Type.Object({
  data: Type.Object({
    url: Type.String({ format: 'uri', description: "The provider's sign-in page; the browser goes there" }),
  }),
});

export const CallbackBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 4096 }),
  state: Type.Optional(Type.Union([Type.String({ maxLength: 512 }), Type.Null()])),
  /** RFC 9207 `iss` from the callback URL, when the client has it; the configured issuer otherwise. */
  iss: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
});

const TokenData = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_at: Type.String({ format: 'date-time' }),
    system: Type.Union([Type.String(), Type.Null()], {
      description: 'The system asked for with ?system= when the sign-in started',
    }),
  },
  { description: 'Signed in: a bearer token' },
);
const ChallengeData = Type.Object(
  { session: Type.String(), username: Type.String() },
  { description: 'A new password must be set first: POST /auth/password/new with this session' },
);
export const CallbackResponse = Type.Object({ data: Type.Union([TokenData, ChallengeData]) });

export const ssoErrorResponses = {
  401: ErrorBody,
  403: ErrorBody,
  419: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
} as const;
