import { RequestFailed } from './request-failed.js';

/** The fields of HealthResponse the launcher checks before it trusts the sidecar. */
interface HealthProof {
  readonly app_build: string;
  readonly sidecar_build: string;
  readonly readiness_proof: string;
}

export type HealthCheck =
  | { readonly ok: true; readonly health: HealthProof }
  /** `failure`: what the service said when it answered with another status than 200. */
  | { readonly ok: false; readonly reason: 'health_status' | 'health_unreachable' | 'health_timeout'; readonly failure?: RequestFailed };

/** A health answer is a few hundred bytes; anything longer is not one. */
const HEALTH_MAX_BYTES = 16_384;

function parsed(body: string): unknown {
  try {
    const value: unknown = JSON.parse(body);
    return value;
  } catch {
    return null;
  }
}

function healthProofOf(value: unknown): HealthProof | null {
  if (typeof value !== 'object' || value === null) return null;
  const fields = {
    app_build: Reflect.get(value, 'app_build'),
    sidecar_build: Reflect.get(value, 'sidecar_build'),
    readiness_proof: Reflect.get(value, 'readiness_proof'),
  };
  if (typeof fields.app_build !== 'string' || typeof fields.sidecar_build !== 'string' || typeof fields.readiness_proof !== 'string') return null;
  return { app_build: fields.app_build, sidecar_build: fields.sidecar_build, readiness_proof: fields.readiness_proof };
}

/** The body as text, or null once it passes `limit` bytes (the rest is not read). */
async function boundedText(response: Response, limit: number): Promise<string | null> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The launcher's one authenticated `GET /api/v1/health` within a deadline, on fetch like every
 * other call of the client (one HTTP stack: the same connection behaviour and the same RequestFailed
 * for a refusal). The deadline is a timer, not AbortSignal.timeout, so a test's clock drives it.
 */
export async function checkHealth(port: number, headers: Readonly<Record<string, string>>, timeoutMs: number): Promise<HealthCheck> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, { headers, signal: deadline.signal });
    const text = await boundedText(response, HEALTH_MAX_BYTES);
    const body = text === null ? null : parsed(text);
    if (response.status !== 200) return { ok: false, reason: 'health_status', failure: new RequestFailed(response.status, body, 'GET /api/v1/health') };
    const health = healthProofOf(body);
    return health === null ? { ok: false, reason: 'health_status' } : { ok: true, health };
  } catch {
    return { ok: false, reason: deadline.signal.aborted ? 'health_timeout' : 'health_unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
