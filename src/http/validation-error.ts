import type { HTTPValidationError, ValidationError } from '../contract/errors.js';

interface SchemaViolation {
  readonly instancePath?: string;
  readonly keyword?: string;
  readonly message?: string;
  readonly params?: Record<string, unknown>;
}

const LOCATION: Record<string, string> = { body: 'body', params: 'path', querystring: 'query', headers: 'header' };

/** Projects the validator's violations into the spec's HTTPValidationError (never echoing input values). */
export function toHttpValidationError(violations: readonly SchemaViolation[], context: string | undefined): HTTPValidationError {
  const root = LOCATION[context ?? 'body'] ?? 'body';
  const detail: ValidationError[] = violations.slice(0, 16).map((violation) => {
    const loc: Array<string | number> = [root];
    for (const part of (violation.instancePath ?? '').split('/').slice(1)) {
      const unescaped = part.replace(/~1/g, '/').replace(/~0/g, '~');
      loc.push(/^(0|[1-9][0-9]*)$/.test(unescaped) ? Number(unescaped) : unescaped);
    }
    const params = violation.params ?? {};
    if (violation.keyword === 'required' && typeof params.missingProperty === 'string') loc.push(params.missingProperty);
    if (violation.keyword === 'additionalProperties') {
      const extra = Array.isArray(params.additionalProperties) ? params.additionalProperties[0] : params.additionalProperty;
      if (typeof extra === 'string') loc.push(extra);
    }
    if (violation.keyword === 'required') {
      const missing = Array.isArray(params.requiredProperties) ? params.requiredProperties[0] : undefined;
      if (typeof missing === 'string' && !loc.includes(missing)) loc.push(missing);
    }
    return {
      loc: loc.map((part) => (typeof part === 'string' ? part.slice(0, 96) : part)),
      msg: (violation.message ?? 'is invalid').slice(0, 256),
      type: `value_error.${violation.keyword ?? 'invalid'}`,
    };
  });
  return { detail };
}
