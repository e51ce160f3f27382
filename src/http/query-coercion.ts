import type { TSchema } from 'typebox';

const DECIMAL_INTEGER = /^(0|-?[1-9][0-9]{0,15})$/;

/**
 * Query strings carry text, and the validator coerces nothing (contract.md section 2, rule 8).
 * A query parameter declared as an integer is read from canonical decimal text only; any other
 * text is left as it is and fails validation (422).
 */
export function coerceQuery(schema: TSchema, query: unknown): unknown {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return query;
  // cast: a route's query schema is a TypeBox Type.Object, whose properties carry their JSON Schema type
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const out: Record<string, unknown> = { ...query };
  for (const [name, property] of Object.entries(properties)) {
    const value = out[name];
    if (property.type === 'integer' && typeof value === 'string' && DECIMAL_INTEGER.test(value)) {
      const number = Number(value);
      if (Number.isSafeInteger(number)) out[name] = number;
    }
  }
  return out;
}
