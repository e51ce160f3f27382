import { Type, type Static } from 'typebox';
import { PAGINATION } from './limits.js';

/** An opaque page cursor (spec section 2, PaginationRequest and PageMetadata): 32 to 256 characters. */
const PageCursor = Type.String({
  minLength: PAGINATION.minimumCursorCharacters,
  maxLength: PAGINATION.maximumCursorCharacters,
  pattern: '^[A-Za-z0-9_-]+$',
});

/** PaginationRequest (spec section 2) as query parameters: `limit` and an optional `cursor`. */
export const PaginationQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGINATION.maximumLimit, default: PAGINATION.defaultLimit })),
    cursor: Type.Optional(PageCursor),
  },
  { additionalProperties: false },
);
export type PaginationQuery = Static<typeof PaginationQuery>;

/** PageMetadata (spec section 2): the count on this page and the cursor of the next one, if any. */
export const PageMetadata = Type.Object(
  {
    count: Type.Optional(Type.Integer({ minimum: 0, maximum: PAGINATION.maximumLimit, default: 0 })),
    next_cursor: Type.Optional(Type.Union([PageCursor, Type.Null()], { default: null })),
  },
  { additionalProperties: false },
);
export type PageMetadata = Static<typeof PageMetadata>;
