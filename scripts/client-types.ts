import openapiTS, { astToString } from 'openapi-typescript';

/** The paired client's TypeScript types, generated from the contract document text. */
export async function clientTypesText(documentText: string): Promise<string> {
  const ast = await openapiTS(JSON.parse(documentText) as Parameters<typeof openapiTS>[0]);
  return `// Generated from openapi-v1.json by scripts/contract.ts. Do not edit.\n${astToString(ast)}`;
}
