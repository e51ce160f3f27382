import type { Readable } from 'node:stream';
import secureJson from 'secure-json-parse';
import { REQUEST_LIMITS } from '../contract/limits.js';
import { ServiceError } from '../app/service-error.js';
import { checkJsonLimits, jsonTextDepth } from './json-limits.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The JSON text `null` (JSON whitespace around it): the one text whose safe parse is null without poisoning. */
const NULL_TEXT = /^[ \t\n\r]*null[ \t\n\r]*$/;

/**
 * Parses request JSON text: a syntax error and a prototype-poisoning key (`__proto__`, or a
 * `constructor` holding a `prototype`, escaped or not, at any depth) are refused apart. The
 * poisoning check is secure-json-parse's: it scans the parsed value only when the text could hold
 * such a key. Throws a ServiceError.
 */
export function parseJsonText(text: string): unknown {
  // The UTF-8 decoder has removed one byte order mark; secure-json-parse would remove a second, which JSON does not allow.
  if (text.charCodeAt(0) === 0xfeff) throw new ServiceError('REQUEST_JSON_INVALID', [{ name: 'reason', value: 'syntax' }]);
  let body: unknown;
  try {
    body = secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error', safe: true });
  } catch {
    throw new ServiceError('REQUEST_JSON_INVALID', [{ name: 'reason', value: 'syntax' }]);
  }
  // In safe mode a poisoned value comes back as null (never a partly cleaned object).
  if (body === null && !NULL_TEXT.test(text)) {
    throw new ServiceError('REQUEST_JSON_INVALID', [{ name: 'reason', value: 'prototype_key' }]);
  }
  return body;
}

/**
 * Reads a JSON body under the request-size policy: bytes are counted as they arrive (chunked
 * bodies included) and reading stops at the limit; the text must be valid UTF-8; depth is
 * checked on the text before parsing; prototype keys while parsing (secure-json-parse);
 * collections, strings and escaped lone surrogates (which no UTF-8 text can hold) after. Rejects with a ServiceError.
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
      body = parseJsonText(text);
    } catch (error) {
      finish(error instanceof Error ? error : new ServiceError('REQUEST_JSON_INVALID', [{ name: 'reason', value: 'syntax' }]));
      return;
    }
    const verdict = checkJsonLimits(body);
    if (!verdict.ok) {
      finish(
        verdict.limit === 'lone_surrogate'
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
