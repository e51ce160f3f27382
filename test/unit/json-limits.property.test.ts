import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '../../src/contract/limits.js';
import { isServiceError } from '../../src/app/service-error.js';
import { parseJsonText } from '../../src/http/json-body-parser.js';
import { checkJsonLimits, jsonTextDepth } from '../../src/http/json-limits.js';

/** The reason detail of the ServiceError that parsing `text` throws, or `parsed` when it parses. */
function parseOutcome(text: string): string {
  try {
    parseJsonText(text);
    return 'parsed';
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return `${error.code}:${String(error.details.find((detail) => detail.name === 'reason')?.value)}`;
  }
}

const { maxJsonDepth, maxCollectionItems, maxStringCharacters } = REQUEST_LIMITS;

/** A value nested exactly `depth` containers deep, alternating arrays and objects. */
function nested(depth: number, leaf: unknown, objectFirst: boolean): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = (level % 2 === 0) === objectFirst ? { k: value } : [value];
  return value;
}

const around = (bound: number): fc.Arbitrary<number> => fc.integer({ min: Math.max(0, bound - 3), max: bound + 3 });

describe('JSON limits at and around every bound', () => {
  it('depth: accepted up to the bound, refused above, on the text and on the value alike', () => {
    fc.assert(
      fc.property(around(maxJsonDepth), fc.boolean(), fc.string({ maxLength: 8 }), (depth, objectFirst, leaf) => {
        const value = nested(depth, leaf, objectFirst);
        const text = JSON.stringify(value);
        const within = depth <= maxJsonDepth;
        expect(jsonTextDepth(text, maxJsonDepth) <= maxJsonDepth).toBe(within);
        expect(checkJsonLimits(JSON.parse(text))).toEqual(within ? { ok: true } : { ok: false, limit: 'max_json_depth' });
      }),
    );
  });

  it('depth on the text ignores brackets inside strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('[', '{', '"', '\\', 'a') }), (inner) => {
        expect(jsonTextDepth(JSON.stringify({ s: inner }), maxJsonDepth)).toBe(1);
      }),
    );
  });

  it('collections: arrays and objects up to the bound, refused above, at any depth', () => {
    fc.assert(
      fc.property(around(maxCollectionItems), fc.boolean(), fc.integer({ min: 0, max: maxJsonDepth - 1 }), (size, asObject, depth) => {
        const collection = asObject ? Object.fromEntries(Array.from({ length: size }, (_, i) => [`k${i}`, i])) : Array.from({ length: size }, (_, i) => i);
        const value = nested(depth, collection, true);
        expect(checkJsonLimits(JSON.parse(JSON.stringify(value)))).toEqual(
          size <= maxCollectionItems ? { ok: true } : { ok: false, limit: 'max_collection_items' },
        );
      }),
      { numRuns: 60 },
    );
  });

  it('strings and keys: counted in characters (code points), up to the bound, refused above', () => {
    fc.assert(
      fc.property(around(maxStringCharacters), fc.constantFrom('a', 'é', '😀'), fc.boolean(), (length, unit, asKey) => {
        const text = unit.repeat(length);
        const value = asKey ? { [text]: 1 } : { s: [text] };
        expect(checkJsonLimits(JSON.parse(JSON.stringify(value)))).toEqual(
          length <= maxStringCharacters ? { ok: true } : { ok: false, limit: 'max_string_characters' },
        );
      }),
      { numRuns: 60 },
    );
  });

  it('prototype-poisoning keys are refused by the parser wherever they appear, escaped or not', () => {
    const poisons = [
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"\\u005f_proto__":{}}',
      '{"a":{"b":{"__proto__":[]}}}',
      '{"constructor":{"prototype":null}}',
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.constantFrom(...poisons), (depth, poison) => {
        const text = `${'['.repeat(depth)}${poison}${']'.repeat(depth)}`;
        expect(parseOutcome(text)).toBe('REQUEST_JSON_INVALID:prototype_key');
      }),
    );
    expect(parseOutcome('{"constructor":"x","proto":{}}')).toBe('parsed');
    expect(parseOutcome(' null ')).toBe('parsed');
    expect(parseOutcome('{"a":')).toBe('REQUEST_JSON_INVALID:syntax');
    expect(parseOutcome('\ufeff{}')).toBe('REQUEST_JSON_INVALID:syntax');
  });

  it('arbitrary JSON values never throw and verdicts are well-formed', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 20 }), (value) => {
        const verdict = checkJsonLimits(value);
        expect(typeof verdict.ok).toBe('boolean');
      }),
    );
  });
});
