import { request } from 'node:http';

/** The fields of HealthResponse the launcher checks before it trusts the sidecar. */
interface HealthProof {
  readonly app_build: string;
  readonly sidecar_build: string;
  readonly readiness_proof: string;
}

export type HealthCheck = { readonly ok: true; readonly health: HealthProof } | { readonly ok: false; readonly reason: 'health_status' | 'health_unreachable' | 'health_timeout' };

/** A health answer is a few hundred bytes; anything longer is not one. */
const HEALTH_MAX_BYTES = 16_384;

function healthProofOf(body: string): HealthProof | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const fields = { app_build: Reflect.get(value, 'app_build'), sidecar_build: Reflect.get(value, 'sidecar_build'), readiness_proof: Reflect.get(value, 'readiness_proof') };
  if (typeof fields.app_build !== 'string' || typeof fields.sidecar_build !== 'string' || typeof fields.readiness_proof !== 'string') return null;
  return { app_build: fields.app_build, sidecar_build: fields.sidecar_build, readiness_proof: fields.readiness_proof };
}

/**
 * The launcher's one authenticated `GET /api/v1/health`, on node:http and its own connection
 * (closed after the answer), within a deadline. Not fetch: a shell's main process that has not used
 * fetch yet would load it (undici) for this one request, about 40 ms of its start-up on every launch.
 */
export function checkHealth(port: number, headers: Readonly<Record<string, string>>, timeoutMs: number): Promise<HealthCheck> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: HealthCheck): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const req = request({ host: '127.0.0.1', port, path: '/api/v1/health', method: 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > HEALTH_MAX_BYTES) return settle({ ok: false, reason: 'health_status' });
        chunks.push(chunk);
      });
      res.on('end', () => {
        const health = res.statusCode === 200 ? healthProofOf(Buffer.concat(chunks).toString('utf8')) : null;
        settle(health === null ? { ok: false, reason: 'health_status' } : { ok: true, health });
      });
      res.on('error', () => settle({ ok: false, reason: 'health_unreachable' }));
    });
    const timer = setTimeout(() => settle({ ok: false, reason: 'health_timeout' }), timeoutMs);
    req.on('error', () => settle({ ok: false, reason: 'health_unreachable' }));
    req.end();
  });
}
