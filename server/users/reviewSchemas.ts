// TypeBox shapes of the access review API (contract/accessReview.ts).
import { Type } from 'typebox';
import { REVIEW_DEFAULT_DAYS, REVIEW_MAX_DAYS, REVIEW_MAX_ROWS } from '../../contract/accessReview';
import { Nullable, Uuid } from '../http/schemas';

export const ReviewQuery = Type.Object({
  days: Type.Integer({
    minimum: 1,
    maximum: REVIEW_MAX_DAYS,
    default: REVIEW_DEFAULT_DAYS,
    description: 'Days without a sign-in',
  }),
  all: Type.Optional(Type.Boolean({ description: 'Every company’s users (super_admin only)' })),
});

const ReviewUserSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  last_login_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
  reason: Type.Union([Type.Literal('dormant'), Type.Literal('never_signed_in'), Type.Literal('invitation_unused')]),
  olympus_role: Nullable(Type.String()),
  companies: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  systems: Type.Array(Type.Object({ id: Uuid, name: Type.String(), role: Nullable(Type.String()) })),
  refusal: Nullable(Type.String({ description: 'Why the caller may not act on this user' })),
});

export const ReviewListResponse = Type.Object({
  data: Type.Array(ReviewUserSchema),
  total: Type.Integer({ minimum: 0 }),
});

const Ids = Type.Array(Uuid, { minItems: 1, maxItems: REVIEW_MAX_ROWS, description: 'The users to act on' });
export const DisableBody = Type.Object({ ids: Ids }, { additionalProperties: false });
export const RemoveAccessBody = Type.Object(
  { ids: Ids, system: Type.String({ format: 'uuid', description: 'The connected system' }) },
  { additionalProperties: false },
);

export const OutcomeResponse = Type.Object({
  data: Type.Object({
    message: Type.String(),
    done: Type.Array(Uuid),
    refused: Type.Array(Type.Object({ id: Uuid, message: Type.String() })),
  }),
});
