import type { Readable } from 'node:stream';
import { REQUEST_LIMITS } from '../contract/limits.js';
import { ServiceError } from '../app/service-error.js';
import { checkJsonLimits, jsonTextDepth } from './json-limits.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Reads a JSON body under the request-size policy: bytes are counted as they arrive (chunked
 * bodies included) and reading stops at the limit; the text must be valid UTF-8; depth is
 * checked on the text before parsing; collections, strings, prototype keys and escaped lone
 * surrogates (which no UTF-8 text can hold) after. Rejects with a ServiceError.
 */
export function readJsonBody(payload: Readable): Promise<unknown> {
  return new Promise((resolve, reject) => parseJsonBody(payload, (err, body) => (err === null ? resolve(body) : reject(err))));
}

function parseJsonBody(payload: Readable, done: (err: Error | null, body?: unknown) => void): void {
  const chunks: Buffer[] = [];
  let received = 0;
  let finished = false;
  const finish = (err: Error | null, body?: unknown): void => {
    if (finished) return;
    finished = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    done(err, body);
  };
  const onData = (chunk: Buffer): void => {
    received += chunk.length;
    if (received > REQUEST_LIMITS.maxBodyBytes) {
      payload.pause();
      finish(new ServiceError('REQUEST_TOO_LARGE', [{ name: 'max_body_bytes', value: REQUEST_LIMITS.maxBodyBytes }]));
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = (): void => {
    let text: string;
    try {
      text = utf8.decode(Buffer.concat(chunks, received));
    } catch {
      finish(new ServiceError('REQUEST_JSON_INVALID', [{ name: 'reason', value: 'not_utf8' }]));
      return;
    }
    if (jsonTextDepth(text, REQUEST_LIMITS.maxJsonDepth) > REQUEST_LIMITS.maxJsonDepth) {
      finish(new ServiceError('REQUEST_LIMIT_EXCEEDED', [{ name: 'limit', value: 'max_json_depth' }]));
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      finish(new ServiceError('REQUEST_JSON_INVALID', [{ name: 'reason', value: 'syntax' }]));
      return;
    }
    const verdict = checkJsonLimits(body);
    if (!verdict.ok) {
      finish(
        verdict.limit === 'prototype_key' || verdict.limit === 'lone_surrogate'
          ? new ServiceError('REQUEST_JSON_INVALID', [{ name: 'reason', value: verdict.limit }])
          : new ServiceError('REQUEST_LIMIT_EXCEEDED', [{ name: 'limit', value: verdict.limit }]),
      );
      return;
    }
    finish(null, body);
  };
  const onError = (): void => finish(new ServiceError('REQUEST_JSON_INVALID', [{ name: 'reason', value: 'aborted' }]));
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}

/** `application/json`, optionally with `charset=utf-8`; nothing else is a JSON body here. */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const parts = value.split(';');
  if ((parts[0] ?? '').trim().toLowerCase() !== 'application/json') return false;
  if (parts.length === 1) return true;
  if (parts.length > 2) return false;
  const parameter = (parts[1] ?? '').trim().toLowerCase().replace(/\s+/g, '');
  return parameter === 'charset=utf-8' || parameter === 'charset="utf-8"';
}
