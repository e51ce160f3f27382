import { Type, type Static } from 'typebox';

/** Identifiers of the wire contract (spec section 9). */
export const API_CONTRACT = 'service.internal-api/1';
const APPLICATION_CONTRACT = 'service.application/0.3';
const API_NAMESPACE = '/api/v1';
export const SERVICE_INFO_VERSION = '1.0.0';
export const SCHEMA_VERSION = 1 as const;

/**
 * The `schema_version` field of every schema-v1 record (settings, startup report, jobs, chat,
 * GEDCOM, provider configuration): the integer constant 1 (spec sections 2 and 9). One declaration,
 * so the validator, the OpenAPI document and the generated client all say `integer`, never `number`.
 */
export function SchemaVersion1(options: { readonly description?: string; readonly default?: typeof SCHEMA_VERSION } = {}) {
  return IntegerConstant(SCHEMA_VERSION, options);
}

/** An integer constant. TypeBox writes a numeric literal as `type: number`; a count or a version is an integer. */
export function IntegerConstant<V extends number>(value: V, options: { readonly description?: string; readonly default?: V } = {}) {
  if (!Number.isSafeInteger(value)) throw new Error('an integer constant must be a safe integer');
  return Type.Literal(value, { ...options, type: 'integer' });
}

export const HEADER_API_VERSION = 'x-service-api-version';
export const HEADER_APP_BUILD = 'x-service-app-build';
export const HEADER_CORRELATION_REF = 'x-service-correlation-ref';
export const HEADER_SESSION_OWNER = 'x-service-session-owner';

/** Pattern shared by app_build and sidecar_build. */
export const BUILD_PATTERN = '^[A-Za-z0-9._:+-]+$';
const BUILD_REGEXP = new RegExp(BUILD_PATTERN);
export const BUILD_MAX_CHARACTERS = 128;

export const ApiVersion = Type.Object(
  {
    contract: Type.Optional(Type.Literal(API_CONTRACT, { default: API_CONTRACT })),
    application_contract: Type.Optional(Type.Literal(APPLICATION_CONTRACT, { default: APPLICATION_CONTRACT })),
    namespace: Type.Optional(Type.Literal(API_NAMESPACE, { default: API_NAMESPACE })),
  },
  { additionalProperties: false },
);
export type ApiVersion = Static<typeof ApiVersion>;

export const API_VERSION: Required<ApiVersion> = {
  contract: API_CONTRACT,
  application_contract: APPLICATION_CONTRACT,
  namespace: API_NAMESPACE,
};

export function isValidBuild(value: string): boolean {
  return value.length >= 1 && value.length <= BUILD_MAX_CHARACTERS && BUILD_REGEXP.test(value);
}
