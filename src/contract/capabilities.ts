import { Type, type Static } from 'typebox';
import { ApiVersion } from './api-version.js';
import { CAPABILITY_LIMITS, PAGINATION, REQUEST_LIMITS, REQUEST_LIMIT_CEILINGS } from './limits.js';

export const CapabilityAction = Type.Object(
  {
    dispatch_key: Type.String({ minLength: 3, maxLength: 193, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' }),
    name: Type.String({ minLength: 1, maxLength: 96, pattern: '^[A-Za-z0-9._:-]+$' }),
    summary: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);
export type CapabilityAction = Static<typeof CapabilityAction>;

export const CapabilityModule = Type.Object(
  {
    module_id: Type.String({ minLength: 1, maxLength: 96, pattern: '^[A-Za-z0-9._:-]+$' }),
    name: Type.String({ minLength: 1, maxLength: 128 }),
    summary: Type.String({ minLength: 1, maxLength: 512 }),
    actions: Type.Array(CapabilityAction, { minItems: 1, maxItems: CAPABILITY_LIMITS.maxActionsPerModule }),
  },
  { additionalProperties: false },
);
export type CapabilityModule = Static<typeof CapabilityModule>;

export const PaginationPolicy = Type.Object(
  {
    default_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: PAGINATION.defaultLimit })),
    maximum_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: PAGINATION.maximumLimit })),
    maximum_cursor_characters: Type.Optional(
      Type.Integer({ minimum: 32, maximum: PAGINATION.cursorCeilingCharacters, default: PAGINATION.maximumCursorCharacters }),
    ),
  },
  { additionalProperties: false },
);
export type PaginationPolicy = Static<typeof PaginationPolicy>;

export const RequestSizePolicy = Type.Object(
  {
    max_body_bytes: Type.Optional(Type.Integer({ minimum: 1, maximum: REQUEST_LIMIT_CEILINGS.maxBodyBytes, default: REQUEST_LIMITS.maxBodyBytes })),
    max_collection_items: Type.Optional(
      Type.Integer({ minimum: 1, maximum: REQUEST_LIMIT_CEILINGS.maxCollectionItems, default: REQUEST_LIMITS.maxCollectionItems }),
    ),
    max_json_depth: Type.Optional(Type.Integer({ minimum: 1, maximum: REQUEST_LIMIT_CEILINGS.maxJsonDepth, default: REQUEST_LIMITS.maxJsonDepth })),
    max_string_characters: Type.Optional(
      Type.Integer({ minimum: 1, maximum: REQUEST_LIMIT_CEILINGS.maxStringCharacters, default: REQUEST_LIMITS.maxStringCharacters }),
    ),
  },
  { additionalProperties: false },
);
export type RequestSizePolicy = Static<typeof RequestSizePolicy>;

export const CapabilityManifest = Type.Object(
  {
    api: Type.Optional(ApiVersion),
    modules: Type.Optional(Type.Array(CapabilityModule, { default: [], maxItems: CAPABILITY_LIMITS.maxModules })),
    pagination: Type.Optional(PaginationPolicy),
    request_policy: Type.Optional(RequestSizePolicy),
  },
  { additionalProperties: false },
);
export type CapabilityManifest = Static<typeof CapabilityManifest>;

/** The policies the gate enforces, projected into the manifest from the same constants. */
export const PAGINATION_POLICY: Required<PaginationPolicy> = {
  default_limit: PAGINATION.defaultLimit,
  maximum_limit: PAGINATION.maximumLimit,
  maximum_cursor_characters: PAGINATION.maximumCursorCharacters,
};

export const REQUEST_SIZE_POLICY: Required<RequestSizePolicy> = {
  max_body_bytes: REQUEST_LIMITS.maxBodyBytes,
  max_collection_items: REQUEST_LIMITS.maxCollectionItems,
  max_json_depth: REQUEST_LIMITS.maxJsonDepth,
  max_string_characters: REQUEST_LIMITS.maxStringCharacters,
};
