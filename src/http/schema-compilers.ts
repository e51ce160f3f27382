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
  return (data: unknown) => {
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
