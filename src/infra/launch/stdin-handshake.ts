import type { Readable } from 'node:stream';
import { BEARER_REGEXP, type Handshake } from '../../contract/launch.js';
import { isValidBuild } from '../../contract/api-version.js';
import { HANDSHAKE } from '../../contract/limits.js';

export type HandshakeResult = { readonly ok: true; readonly handshake: Handshake } | { readonly ok: false; readonly reason: string };

/** Strict parse of the one handshake line: a JSON object with exactly `bearer` and `app_build`. */
function parseHandshake(line: string): HandshakeResult {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, reason: 'handshake_not_json' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'handshake_not_object' };
  const keys = Object.keys(value);
  if (keys.length !== 2 || !keys.includes('bearer') || !keys.includes('app_build') || !('bearer' in value) || !('app_build' in value))
    return { ok: false, reason: 'handshake_fields' };
  const { bearer, app_build: appBuild } = value;
  if (typeof bearer !== 'string' || bearer.length !== HANDSHAKE.bearerCharacters || !BEARER_REGEXP.test(bearer)) {
    return { ok: false, reason: 'handshake_bearer_malformed' };
  }
  if (typeof appBuild !== 'string' || !isValidBuild(appBuild)) return { ok: false, reason: 'handshake_app_build_malformed' };
  return { ok: true, handshake: { bearer, app_build: appBuild } };
}

/**
 * Reads exactly one line from stdin: at most HANDSHAKE.maxBytes including the newline,
 * within HANDSHAKE.timeoutMs. stdin stays open afterwards (its end means the parent is gone).
 */
export function readHandshake(input: Readable, timeoutMs: number = HANDSHAKE.timeoutMs): Promise<HandshakeResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: HandshakeResult): void => {
      clearTimeout(timer);
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      input.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      const newline = chunk.indexOf(0x0a);
      const take = newline === -1 ? chunk.length : newline + 1;
      size += take;
      if (size > HANDSHAKE.maxBytes) {
        settle({ ok: false, reason: 'handshake_too_long' });
        return;
      }
      if (newline === -1) {
        chunks.push(chunk);
        return;
      }
      chunks.push(chunk.subarray(0, newline));
      let line = Buffer.concat(chunks).toString('utf8');
      if (line.endsWith('\r')) line = line.slice(0, -1);
      settle(parseHandshake(line));
    };
    const onEnd = (): void => settle({ ok: false, reason: 'handshake_eof' });
    const timer = setTimeout(() => settle({ ok: false, reason: 'handshake_timeout' }), timeoutMs);
    input.on('data', onData);
    input.on('end', onEnd);
  });
}
