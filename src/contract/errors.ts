import { Type, type Static } from 'typebox';
import { ERROR_LIMITS } from './limits.js';

export const CODE_PATTERN = '^[A-Za-z0-9._:-]+$';
const CORRELATION_REF_PATTERN = '^api_[0-9a-f]{32}$';

export const FailureDetail = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 96, pattern: CODE_PATTERN }),
    value: Type.Union([Type.String(), Type.Integer(), Type.Number(), Type.Boolean(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type FailureDetail = Static<typeof FailureDetail>;

export const ErrorEnvelope = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 96, pattern: CODE_PATTERN }),
    message: Type.String({ minLength: 1, maxLength: ERROR_LIMITS.maxMessageCharacters }),
    correlation_ref: Type.String({ pattern: CORRELATION_REF_PATTERN }),
    details: Type.Optional(Type.Array(FailureDetail, { default: [], maxItems: ERROR_LIMITS.maxDetails })),
    remediation: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 512 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export const ValidationError = Type.Object({
  loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
  msg: Type.String(),
  type: Type.String(),
  input: Type.Optional(Type.Unknown()),
  ctx: Type.Optional(Type.Object({})),
});
export type ValidationError = Static<typeof ValidationError>;

export const HTTPValidationError = Type.Object({
  detail: Type.Array(ValidationError),
});
export type HTTPValidationError = Static<typeof HTTPValidationError>;
