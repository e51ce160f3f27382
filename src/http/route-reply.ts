import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADER_CORRELATION_REF } from '../contract/api-version.js';
import { ERROR_CATALOGUE } from '../contract/error-codes.js';
import { HTTPValidationError } from '../contract/errors.js';
import type { ServiceError } from '../app/service-error.js';
import { buildEnvelope, envelopeText } from './error-envelope.js';
import { lazySerializer, type Serializer } from './schema-serializer.js';

const JSON_UTF8 = 'application/json; charset=utf-8';
const validationErrorText = lazySerializer(HTTPValidationError);

/** What a handler returns when it answered by itself (its own status, or a stream); only a RouteReply makes one. */
export class Answered {
  static readonly value = new Answered();
  private constructor() {}
}

/**
 * The answer side of one routed request: a JSON answer with a status, an error envelope, or the
 * raw response handed to a stream (SSE) that writes everything itself. One answer per request.
 */
export class RouteReply {
  private started = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {}

  /** Whether an answer (or a stream) has started. */
  get answered(): boolean {
    return this.started;
  }

  /** Answers `status` with `body` as its schema's projection (serialized before anything is written: a mismatch is still answered as a failure). */
  json<T>(status: number, body: T, serialize: Serializer<T>): Answered {
    return this.jsonText(status, serialize(body));
  }

  /** Answers 422 with the HTTPValidationError of a request part that failed its schema. */
  invalid(body: HTTPValidationError): Answered {
    return this.json(422, body, validationErrorText);
  }

  /** Answers `status` with JSON text serialized beforehand. */
  jsonText(status: number, text: string): Answered {
    this.started = true;
    this.res.writeHead(status, { 'content-type': JSON_UTF8, 'content-length': Buffer.byteLength(text) });
    this.res.end(text);
    return Answered.value;
  }

  /** Answers with the error envelope of a catalogued code (contract.md section 4). */
  fail(error: ServiceError, extraHeaders: Readonly<Record<string, string>> = {}): Answered {
    this.started = true;
    const envelope = buildEnvelope(error.code, error.details, error.remediation);
    const body = envelopeText(envelope);
    const headers: Record<string, string | number> = { ...extraHeaders, [HEADER_CORRELATION_REF]: envelope.correlation_ref };
    if (error.code === 'AUTH_BEARER_INVALID') headers['www-authenticate'] = 'Bearer';
    // An answer given before the body was read closes the connection (lingering) rather than
    // keeping it alive behind an unread body.
    if (!this.req.complete) headers.connection = 'close';
    headers['content-type'] = JSON_UTF8;
    headers['content-length'] = Buffer.byteLength(body);
    this.res.writeHead(ERROR_CATALOGUE[error.code].status, headers);
    this.res.end(body);
    return Answered.value;
  }

  /** Hands the raw response to `run` (an event stream writes its own head and frames); resolves when it is over. */
  async stream(run: (res: ServerResponse) => Promise<void>): Promise<Answered> {
    this.started = true;
    await run(this.res);
    return Answered.value;
  }

  /** Aborts when the client goes away before the answer was written (a synchronous run stops its provider call). */
  clientGone(): AbortSignal {
    const controller = new AbortController();
    this.res.on('close', () => {
      if (!this.res.writableFinished) controller.abort();
    });
    return controller.signal;
  }
}
