import { ERROR_CATALOGUE } from '../contract/error-codes.js';
import { NAMED_SCHEMAS } from '../contract/named-schemas.js';
import { buildOpenApiDocument } from '../http/openapi-document.js';
import { CONTRACT_ROUTES } from '../http/routes/route-contract.js';

/** The text of openapi-v1.json, generated from the route declarations and the TypeBox schemas. */
export function contractDocumentText(): string {
  return `${JSON.stringify(buildOpenApiDocument(CONTRACT_ROUTES, NAMED_SCHEMAS), null, 2)}\n`;
}

/** The text of docs/error-codes.md, projected from the error-code catalogue. */
export function errorCodesDocumentText(): string {
  const rows = Object.entries(ERROR_CATALOGUE).map(([code, entry]) => `| \`${code}\` | ${entry.status} | ${entry.message} |`);
  return [
    '# Error codes',
    '',
    'Generated from `src/contract/error-codes.ts` by `npm run contract`; a test fails when this file differs.',
    'Every error except a 422 validation error is an ErrorEnvelope carrying one of these codes.',
    '',
    '| code | status | message |',
    '|---|---:|---|',
    ...rows,
    '',
  ].join('\n');
}
