import { contractRoutes } from './compose.js';
import { NAMED_SCHEMAS } from './contract/named-schemas.js';
import { buildOpenApiDocument } from './http/openapi-document.js';

/** The text of openapi-v1.json, generated from the route table and the TypeBox schemas. */
export function contractDocumentText(): string {
  return `${JSON.stringify(buildOpenApiDocument(contractRoutes(), NAMED_SCHEMAS), null, 2)}\n`;
}
