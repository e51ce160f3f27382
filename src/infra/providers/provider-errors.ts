import { ProviderFailure, type ProviderFailureCode } from '../../app/providers/model-provider.js';
import type { RetryPolicy } from './retry-policy.js';

/**
 * Every documented error shape of each provider, mapped to a stable code. The provider's own text
 * is read only to classify and is never kept: a failure carries the code, details the service
 * chose (the model name it asked for, the HTTP status) and a remediation written here.
 *
 * Shapes (docs/providers.md lists sources):
 * - Ollama native: `{"error":"…"}` with 400, 404 (model not found: "model \"x\" not found, try
 *   pulling it first"), 429, 500 (e.g. the model failed to load), 502; mid-stream the same object
 *   as an NDJSON line at status 200.
 * - OpenAI and OpenAI-compatible (Ollama `/v1`, LM Studio, vLLM): `{"error":{"message","type",
 *   "param","code"}}`; vLLM's older flat `{"object":"error","message","type","code"}`; llama.cpp
 *   `{"error":{"code":400,"message","type":"exceed_context_size_error","n_prompt_tokens","n_ctx"}}`,
 *   mid-stream as `data: {"error":…}` or, before late 2025, as a non-standard `error: {…}` field.
 * - Anthropic: `{"type":"error","error":{"type","message"},"request_id"}`; in-stream
 *   `event: error` with the same object (`overloaded_error` is HTTP 529's equivalent).
 */

/** How a provider's failures are treated: its one retry policy and its own advice for a missing model. */
export interface FailureRules {
  readonly retry: RetryPolicy;
  /** The remediation of PROVIDER_MODEL_NOT_FOUND when the provider has a more precise one than the general text. */
  readonly modelMissingRemediation: ((model: string) => string) | null;
}

export interface UpstreamErrorInfo {
  /** HTTP status, or null for an in-stream error. */
  readonly status: number | null;
  /** Types and codes the provider gave (`exceed_context_size_error`, `model_not_found`, …), lower case. */
  readonly types: readonly string[];
  /** Lower-cased message text, used only to classify. */
  readonly message: string;
  /** Whether the body had the provider's own error shape (else: probably not this API). */
  readonly recognised: boolean;
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? Reflect.get(value, key) : undefined;
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'number') return String(value);
  return null;
}

function parse(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed;
  } catch {
    return undefined;
  }
}

/** Reads an error object of any provider's documented shape; `recognised` false when it is none. */
export function readUpstreamError(status: number | null, body: string | unknown): UpstreamErrorInfo {
  const value = typeof body === 'string' ? parse(body) : body;
  const error = field(value, 'error');
  if (typeof error === 'string') return { status, types: [], message: error.toLowerCase(), recognised: true };
  if (typeof error === 'object' && error !== null) {
    const type = text(field(error, 'type'));
    const code = text(field(error, 'code'));
    const types = [type, code].filter((v): v is string => v !== null && !/^\d+$/.test(v));
    // llama.cpp and vLLM put a number in `code`: the status the error stands for.
    const statusLike = [code, type].map((v) => (v !== null && /^\d{3}$/.test(v) ? Number(v) : null)).find((v) => v !== null) ?? null;
    return { status: status ?? statusLike, types, message: text(field(error, 'message')) ?? '', recognised: true };
  }
  if (field(value, 'object') === 'error') {
    return {
      status,
      types: [text(field(value, 'type'))].filter((v): v is string => v !== null),
      message: text(field(value, 'message')) ?? '',
      recognised: true,
    };
  }
  return { status, types: [], message: '', recognised: false };
}

const CONTEXT_WORDS =
  /context (size|length|window)|exceeds? (the )?(available )?context|maximum context length|too many tokens|prompt is too long|input (length|tokens) exceed/;
const MODEL_MISSING_WORDS = /model .*not found|not found.*model|no such model|try pulling|model_not_found|does not exist/;

export const REMEDIATIONS = {
  PROVIDER_CONTEXT_EXCEEDED:
    "The conversation is larger than the model's context window: start a new session, shorten the input, or load the model with a larger context.",
  PROVIDER_MODEL_NOT_FOUND: 'The model is not available at this endpoint: check the model name of the profile or make the model available on the server.',
  PROVIDER_AUTH_REJECTED: 'The provider refused the credential: set a valid API key for this provider and try again.',
  PROVIDER_RATE_LIMITED: "The provider is limiting requests or the account has no quota left: wait and try again, or check the account's limits.",
  PROVIDER_UNAVAILABLE: 'The provider could not serve the request: check that the server is running and not overloaded, then try again.',
  PROVIDER_ENDPOINT_MISMATCH:
    "The endpoint answered, but not as this provider's API: check the base path (for example /v1) and that the server is the kind of provider the profile names.",
  PROVIDER_ANSWER_INCOMPLETE: "The provider's answer ended without its end marker; nothing was kept. Try again; if it repeats, check the server's logs.",
  PROVIDER_TIMEOUT: 'The provider did not answer in time: check that it is running and not overloaded.',
  PROVIDER_FAILED: 'The provider failed to produce an answer; nothing was kept. Try again.',
} as const satisfies Record<ProviderFailureCode, string>;

/** The stable code of one upstream error. */
function codeOf(info: UpstreamErrorInfo): ProviderFailureCode {
  const has = (...names: string[]): boolean => names.some((name) => info.types.includes(name));
  if (has('exceed_context_size_error', 'context_length_exceeded') || CONTEXT_WORDS.test(info.message)) return 'PROVIDER_CONTEXT_EXCEEDED';
  if (has('authentication_error', 'permission_error', 'invalid_api_key') || info.status === 401 || info.status === 403) return 'PROVIDER_AUTH_REJECTED';
  // A server's answer for a path it does not serve (llama.cpp "File Not Found", Go's "404 page not found").
  if (info.status === 404 && /^(404 )?(file|page) not found|no route|unknown (endpoint|path|url)/.test(info.message)) return 'PROVIDER_ENDPOINT_MISMATCH';
  if (has('not_found_error', 'model_not_found') || MODEL_MISSING_WORDS.test(info.message) || (info.status === 404 && info.recognised)) {
    return 'PROVIDER_MODEL_NOT_FOUND';
  }
  if (info.status === 404) return 'PROVIDER_ENDPOINT_MISMATCH';
  if (has('rate_limit_error', 'insufficient_quota', 'rate_limit_exceeded') || info.status === 429) return 'PROVIDER_RATE_LIMITED';
  if (has('overloaded_error', 'unavailable_error', 'api_error', 'server_error')) return 'PROVIDER_UNAVAILABLE';
  if (info.status === 408 || info.status === 504) return 'PROVIDER_TIMEOUT';
  if (info.status !== null && info.status >= 500) return 'PROVIDER_UNAVAILABLE';
  if (info.status !== null && info.status !== 200 && !info.recognised) return 'PROVIDER_ENDPOINT_MISMATCH';
  return 'PROVIDER_FAILED';
}

/**
 * The failure for one upstream error of a provider, with the retry decision of its declared
 * policy (never after output: the caller still checks that) and a remediation.
 */
export function upstreamFailure(rules: FailureRules, model: string, info: UpstreamErrorInfo, outputStarted: boolean): ProviderFailure {
  const code = codeOf(info);
  const policy = rules.retry;
  const retryable =
    info.status !== null
      ? policy.retryStatuses.includes(info.status) &&
        !info.types.includes('insufficient_quota') &&
        code !== 'PROVIDER_CONTEXT_EXCEEDED' &&
        code !== 'PROVIDER_MODEL_NOT_FOUND'
      : info.types.some((type) => policy.retryInStreamTypes.includes(type));
  const details = [
    ...(info.status !== null ? [{ name: 'upstream_status', value: info.status }] : []),
    ...(code === 'PROVIDER_MODEL_NOT_FOUND' ? [{ name: 'model', value: model }] : []),
  ];
  const remediation = code === 'PROVIDER_MODEL_NOT_FOUND' && rules.modelMissingRemediation !== null ? rules.modelMissingRemediation(model) : REMEDIATIONS[code];
  return new ProviderFailure(code, outputStarted, retryable, false, details, remediation);
}
