import { REQUEST_LIMITS } from '../contract/limits.js';

type JsonLimitName = 'max_json_depth' | 'max_collection_items' | 'max_string_characters';

export interface JsonLimits {
  readonly maxJsonDepth: number;
  readonly maxCollectionItems: number;
  readonly maxStringCharacters: number;
}

export type JsonLimitVerdict = { readonly ok: true } | { readonly ok: false; readonly limit: JsonLimitName | 'lone_surrogate' };

/** A UTF-16 surrogate without its pair (JSON allows the escape `\\ud800`); no UTF-8 text can hold it. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const OK: JsonLimitVerdict = { ok: true };

/**
 * Depth of the JSON text, measured on the text before JSON.parse builds anything, so a
 * hostile nesting is refused without materialising it. Brackets inside strings do not count.
 */
export function jsonTextDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

function characterCount(value: string, limit: number): number {
  // Characters are Unicode code points, as JSON Schema's maxLength counts them.
  if (value.length <= limit) return value.length;
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * Walks a parsed JSON value (iteratively, no recursion) and checks the request-size policy:
 * collection sizes and string lengths (keys included). Depth is checked on the text by
 * jsonTextDepth, and again here as a guard; prototype-poisoning keys by the parser.
 */
export function checkJsonLimits(root: unknown, limits: JsonLimits = REQUEST_LIMITS): JsonLimitVerdict {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { value, depth } = top;
    if (typeof value === 'string') {
      if (characterCount(value, limits.maxStringCharacters) > limits.maxStringCharacters) return { ok: false, limit: 'max_string_characters' };
      if (LONE_SURROGATE.test(value)) return { ok: false, limit: 'lone_surrogate' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const level = depth + 1;
    if (level > limits.maxJsonDepth) return { ok: false, limit: 'max_json_depth' };
    if (Array.isArray(value)) {
      if (value.length > limits.maxCollectionItems) return { ok: false, limit: 'max_collection_items' };
      for (const item of value) stack.push({ value: item, depth: level });
      continue;
    }
    const entries: Array<[string, unknown]> = Object.entries(value);
    if (entries.length > limits.maxCollectionItems) return { ok: false, limit: 'max_collection_items' };
    for (const [key, child] of entries) {
      if (characterCount(key, limits.maxStringCharacters) > limits.maxStringCharacters) return { ok: false, limit: 'max_string_characters' };
      if (LONE_SURROGATE.test(key)) return { ok: false, limit: 'lone_surrogate' };
      stack.push({ value: child, depth: level });
    }
  }
  return OK;
}
