import { RESPONSE_SCHEMAS } from './generated/response-schemas.js';
import type { Schemas } from './api-client.js';
import type { JsonSchema } from './json-schema.js';

/** A response that does not have the shape its schema in openapi-v1.json gives it: the client does not use it. */
export class ResponseInvalid extends Error {
  constructor(
    /** The component schema the answer was checked against. */
    readonly schema: string,
    /** Where the answer breaks it (a JSON pointer into the answer) and the keyword it breaks. */
    readonly at: string,
  ) {
    super(`the sidecar's answer does not match ${schema}: ${at}`);
    this.name = 'ResponseInvalid';
  }
}

const REF_PREFIX = '#/components/schemas/';
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const patterns = new Map<string, RegExp>();

function regex(pattern: string): RegExp {
  let compiled = patterns.get(pattern);
  if (compiled === undefined) {
    compiled = new RegExp(pattern, 'u');
    patterns.set(pattern, compiled);
  }
  return compiled;
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

/** JSON equality of two parsed values (const, enum, uniqueItems). */
function same(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
}

function schemaNamed(name: string): JsonSchema {
  const schema = RESPONSE_SCHEMAS[name];
  if (schema === undefined) throw new Error(`openapi-v1.json has no schema ${name}`);
  return schema;
}

/** The first place where `value` breaks `schema`, or null when it conforms. */
function violation(schema: JsonSchema, value: unknown, at: string): string | null {
  if (schema.$ref !== undefined) return violation(schemaNamed(schema.$ref.slice(REF_PREFIX.length)), value, at);
  if (schema.anyOf !== undefined && !schema.anyOf.some((option) => violation(option, value, at) === null)) return `${at}: anyOf`;
  if (schema.const !== undefined && !same(schema.const, value)) return `${at}: const`;
  if (schema.enum !== undefined && !schema.enum.some((option) => same(option, value))) return `${at}: enum`;
  if (schema.type !== undefined && !typeMatches(schema.type, value)) return `${at}: type ${schema.type}`;
  if (typeof value === 'string') return stringViolation(schema, value, at);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `${at}: minimum`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${at}: maximum`;
    return null;
  }
  if (Array.isArray(value)) return arrayViolation(schema, value, at);
  if (typeof value === 'object' && value !== null) return objectViolation(schema, value, at);
  return null;
}

function stringViolation(schema: JsonSchema, value: string, at: string): string | null {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return `${at}: minLength`;
  if (schema.maxLength !== undefined && length > schema.maxLength) return `${at}: maxLength`;
  if (schema.pattern !== undefined && !regex(schema.pattern).test(value)) return `${at}: pattern`;
  if (schema.format === 'date-time' && !DATE_TIME.test(value)) return `${at}: format date-time`;
  return null;
}

function arrayViolation(schema: JsonSchema, value: readonly unknown[], at: string): string | null {
  if (schema.minItems !== undefined && value.length < schema.minItems) return `${at}: minItems`;
  if (schema.maxItems !== undefined && value.length > schema.maxItems) return `${at}: maxItems`;
  if (schema.uniqueItems === true && value.some((item, index) => value.findIndex((other) => same(other, item)) !== index)) return `${at}: uniqueItems`;
  if (schema.items === undefined) return null;
  for (const [index, item] of value.entries()) {
    const found = violation(schema.items, item, `${at}/${index}`);
    if (found !== null) return found;
  }
  return null;
}

function objectViolation(schema: JsonSchema, value: object, at: string): string | null {
  const keys = Object.keys(value);
  if (schema.minProperties !== undefined && keys.length < schema.minProperties) return `${at}: minProperties`;
  if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) return `${at}: maxProperties`;
  for (const key of schema.required ?? []) if (!Object.hasOwn(value, key)) return `${at}/${key}: required`;
  for (const key of keys) {
    const item: unknown = Reflect.get(value, key);
    const declared = schema.properties?.[key];
    const matching = Object.entries(schema.patternProperties ?? {}).filter(([pattern]) => regex(pattern).test(key));
    if (declared === undefined && matching.length === 0) {
      if (schema.additionalProperties === false) return `${at}/${key}: additionalProperties`;
      continue;
    }
    for (const property of declared === undefined ? matching.map(([, s]) => s) : [declared, ...matching.map(([, s]) => s)]) {
      const found = violation(property, item, `${at}/${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Whether `value` conforms to the component schema `name` of openapi-v1.json: the one way a parsed answer gets its type. */
export function conforms<Name extends keyof Schemas & string>(name: Name, value: unknown): value is Schemas[Name] {
  return violation(schemaNamed(name), value, '') === null;
}

/** `value` typed as the component schema `name` once it conforms to it; otherwise throws ResponseInvalid. */
export function checked<Name extends keyof Schemas & string>(name: Name, value: unknown): Schemas[Name] {
  if (conforms(name, value)) return value;
  throw new ResponseInvalid(name, violation(schemaNamed(name), value, '') ?? '');
}
