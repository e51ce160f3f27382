import { Type, type Static } from 'typebox';
import { ApiVersion, BUILD_MAX_CHARACTERS, BUILD_PATTERN } from './api-version.js';

const Build = Type.String({ minLength: 1, maxLength: BUILD_MAX_CHARACTERS, pattern: BUILD_PATTERN });

export const HealthResponse = Type.Object(
  {
    status: Type.Optional(Type.Literal('ready', { default: 'ready' })),
    api: Type.Optional(ApiVersion),
    app_build: Build,
    sidecar_build: Build,
    readiness_proof: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  },
  { additionalProperties: false },
);
export type HealthResponse = Static<typeof HealthResponse>;
