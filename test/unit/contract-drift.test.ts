import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractDocumentText, errorCodesDocumentText } from '../../src/main/contract-document.js';
import { SIDECAR_VERSION } from '../../src/contract/build-info.js';
import { clientTypesText } from '../../scripts/client-types.js';
import { clientConstantsText } from '../../scripts/client-constants.js';
import { clientReadinessProofText } from '../../scripts/client-readiness-proof.js';
import { clientSchemasText } from '../../scripts/client-schemas.js';

describe('committed contract', () => {
  const generated = contractDocumentText();

  it('openapi-v1.json is exactly what the code generates (run `npm run contract` after a change)', () => {
    expect(readFileSync('openapi-v1.json', 'utf8')).toBe(generated);
  });

  it('docs/error-codes.md is projected from the error-code catalogue', () => {
    expect(readFileSync('docs/error-codes.md', 'utf8')).toBe(errorCodesDocumentText());
  });

  it('the paired client types are generated from openapi-v1.json', async () => {
    expect(readFileSync('client/generated/openapi-v1.ts', 'utf8')).toBe(await clientTypesText(generated));
  });

  it('the paired client constants (contract identifiers, GEDCOM operations, settings catalogue) are generated from src/contract', () => {
    expect(readFileSync('client/generated/contract-constants.ts', 'utf8')).toBe(clientConstantsText());
  });

  it('the paired client readiness proof is generated from the one the sidecar answers /health with (src/contract/readiness-proof.ts)', () => {
    expect(readFileSync('client/generated/readiness-proof.ts', 'utf8')).toBe(clientReadinessProofText());
  });

  it('the paired client response schemas are the component schemas of openapi-v1.json', () => {
    expect(readFileSync('client/generated/response-schemas.ts', 'utf8')).toBe(clientSchemasText(generated));
  });

  it('pins OpenAPI 3.1.0, info.version 1.0.0, the PrivateBearer scheme and the two headers on every operation', () => {
    const document = JSON.parse(generated) as {
      openapi: string;
      info: { version: string };
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string; required: boolean }>; security: unknown[] }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    expect(document.components.securitySchemes.PrivateBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        expect(operation.security).toEqual([{ PrivateBearer: [] }]);
        const headers = operation.parameters.filter((parameter) => parameter.in === 'header' && parameter.required).map((parameter) => parameter.name);
        expect(headers).toEqual(expect.arrayContaining(['X-Service-API-Version', 'X-Service-App-Build']));
      }
    }
  });

  it('the sidecar build version follows package.json', () => {
    expect(SIDECAR_VERSION).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
  });
});
