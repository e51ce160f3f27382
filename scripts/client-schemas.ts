/**
 * The paired client's response schemas (client/generated/response-schemas.ts): the component schemas of
 * openapi-v1.json as one constant, so that the client checks every parsed answer against the same
 * document its types come from, at run time and without a schema library of its own.
 */
export function clientSchemasText(documentText: string): string {
  const document: unknown = JSON.parse(documentText);
  const components: unknown = typeof document === 'object' && document !== null ? Reflect.get(document, 'components') : undefined;
  const schemas: unknown = typeof components === 'object' && components !== null ? Reflect.get(components, 'schemas') : undefined;
  if (typeof schemas !== 'object' || schemas === null) throw new Error('openapi-v1.json has no components.schemas');
  return `// Generated from openapi-v1.json (components.schemas) by scripts/contract.ts. Do not edit.
import type { JsonSchema } from '../json-schema.js';

export const RESPONSE_SCHEMAS: Readonly<Record<string, JsonSchema>> = ${JSON.stringify(schemas)};
`;
}
