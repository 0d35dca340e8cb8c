// TypeBox shapes of the sessions API (contract/sessions.ts): request params and every answer, so the
// serialiser drops anything else (a token hash could never slip into a body) and /api/docs shows them.
import { Type } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const SessionSchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'The session’s id (not its token)' }),
  browser: Nullable(Type.String({ description: 'Browser family, e.g. Chrome' })),
  os: Nullable(Type.String({ description: 'Operating system family, e.g. Linux' })),
  ip: Nullable(Type.String({ description: 'Address it signed in from' })),
  signed_in_at: Type.String({ format: 'date-time' }),
  last_active_at: Type.String({ format: 'date-time', description: 'Refreshed at most once a minute' }),
  current: Type.Boolean({ description: 'The session making this request' }),
});

export const SessionListResponse = Type.Object({ data: Type.Array(SessionSchema) });

export const RevokedResponse = Type.Object({
  data: Type.Object({
    message: Type.String(),
    revoked: Type.Integer({ minimum: 0, description: 'How many sessions ended' }),
  }),
});

/** Ids are checked by the handler (not a uuid → 404), so junk never reaches SQL. */
export const SessionIdParams = Type.Object({ id: Type.String({ maxLength: 64, description: 'The session id' }) });

export const SESSION_MSG = {
  notFound: 'Session not found.',
  revoked: 'The session has been signed out',
  othersRevoked: 'Your other sessions have been signed out',
  userRevoked: 'All of the user’s sessions have been ended',
} as const;
