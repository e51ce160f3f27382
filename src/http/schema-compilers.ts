import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** At most this many violations are reported for one request part (bounded work on hostile input). */
const MAX_REPORTED_VIOLATIONS = 16;

export interface SchemaViolation {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message: string;
  readonly params: Record<string, unknown>;
}

/** The violations of one request part, or null when it is valid. */
export type PartValidator = (data: unknown) => readonly SchemaViolation[] | null;

/**
 * Request validation with TypeBox's compiler: strict (no coercion, no removal, no defaults), and
 * compiled on first use so that start-up does not pay for every route.
 */
export function lazyTypeBoxValidator(schema: TSchema): PartValidator {
  let validator: ReturnType<typeof Compile> | undefined;
  const emptyIsValid = acceptsEmptyObject(schema);
  return (data: unknown) => {
    if (emptyIsValid && isEmptyObject(data)) return null;
    validator ??= Compile(schema);
    if (validator.Check(data)) return null;
    const violations: SchemaViolation[] = [];
    for (const error of validator.Errors(data)) {
      // TypeBox reports a refused additional property twice (as `false` schema and as the keyword).
      if (error.keyword === 'boolean') continue;
      violations.push({
        instancePath: error.instancePath,
        keyword: error.keyword,
        message: error.message,
        // cast: every TypeBox error's params is a plain object of the keyword's arguments (typed `object` or `{}`)
        params: error.params as Record<string, unknown>,
      });
      if (violations.length >= MAX_REPORTED_VIOLATIONS) break;
    }
    return violations;
  };
}

/** Keywords of an object schema that cannot refuse `{}`: they constrain properties, and `{}` has none. */
const EMPTY_OBJECT_NEUTRAL: ReadonlySet<string> = new Set(['type', 'properties', 'additionalProperties', 'required', 'description', 'title', '~kind']);

/**
 * Whether the schema accepts `{}`, read from its keywords alone: an object schema with nothing
 * required and no other keyword. A query without parameters (most GETs) is then valid without
 * compiling the validator: its compilation walks the schema with TypeBox's guards, work the first
 * requests after start-up need not do (docs/benchmarks.md, idle memory).
 */
function acceptsEmptyObject(schema: TSchema): boolean {
  // cast: a TypeBox schema is a plain JSON Schema object; only its own keywords are read
  const keywords = schema as Readonly<Record<string, unknown>>;
  const required = keywords.required;
  return (
    keywords.type === 'object' &&
    (required === undefined || (Array.isArray(required) && required.length === 0)) &&
    Object.keys(keywords).every((keyword) => EMPTY_OBJECT_NEUTRAL.has(keyword))
  );
}

function isEmptyObject(data: unknown): boolean {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && Reflect.ownKeys(data).length === 0;
}
