import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_EXTENSION } from '../../src/http/openapi-document.js';

/**
 * The committed contract is valid OpenAPI as the version it declares, checked by two maintained
 * validators, so a shell developer can feed it to a standard generator or viewer. The drift test
 * (contract-drift.test.ts) pins that the file is what the code generates; this one pins that what
 * the code generates is valid.
 */
function committedDocument(): OpenAPIV3_1.Document {
  // cast: openapi-v1.json is the committed contract; the validators below check its shape
  return JSON.parse(readFileSync('openapi-v1.json', 'utf8')) as OpenAPIV3_1.Document;
}

describe('openapi-v1.json validity', () => {
  it('declares 3.1.0 and passes @seriousme/openapi-schema-validator for that version', async () => {
    const validator = new Validator();
    const outcome = await validator.validate(committedDocument());
    expect(outcome.errors ?? []).toEqual([]);
    expect(outcome.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('passes swagger-parser validation (its OpenAPI 3.1 schema, $ref resolution included)', async () => {
    await expect(SwaggerParser.validate(committedDocument())).resolves.toMatchObject({ openapi: '3.1.0' });
  });

  it('declares each event stream as plain text/event-stream with its event schema as a component under x-event-schema', () => {
    const document = committedDocument();
    const streams: Array<{ operationId: string | undefined; media: Record<string, unknown> }> = [];
    for (const item of Object.values(document.paths ?? {})) {
      for (const operation of [item?.get, item?.post, item?.put, item?.patch, item?.delete]) {
        const success = operation?.responses?.['200'];
        const media = success && 'content' in success ? success.content?.['text/event-stream'] : undefined;
        if (media) streams.push({ operationId: operation?.operationId, media: { ...media } });
      }
    }
    expect(streams.map((stream) => stream.operationId).sort()).toEqual(['streamInternalChatEvents', 'streamInternalJobEvents']);
    for (const { media } of streams) {
      expect(media.schema).toMatchObject({ type: 'string' });
      expect(media).not.toHaveProperty('itemSchema');
      const reference: unknown = media[EVENT_SCHEMA_EXTENSION];
      expect(reference).toEqual({ $ref: expect.stringMatching(/^#\/components\/schemas\/\w+$/) });
      const name = /#\/components\/schemas\/(\w+)/.exec(JSON.stringify(reference))?.[1] ?? '';
      expect(document.components?.schemas?.[name]).toBeDefined();
    }
  });
});
