/**
 * Byte-faithful answer bodies of the three provider wire formats (research section 2), built from
 * the verbatim examples: field order, extra fields, keep-alives and error shapes as the real
 * servers send them.
 */

export type WireKind = 'ollama' | 'openai' | 'anthropic';

/**
 * How the answer ends. `refusal`: OpenAI streams `delta.refusal` (finish `stop`), Anthropic stops
 * with `refusal`; `content_filter`: OpenAI's filter finish; `context_window`: Anthropic's
 * `model_context_window_exceeded`.
 */
export type FakeFinish = 'stop' | 'length' | 'refusal' | 'content_filter' | 'context_window';

export interface TextAnswer {
  readonly pieces: readonly string[];
  readonly finish?: FakeFinish;
  /** OpenAI: send the usage chunk (only when the request asked with `stream_options.include_usage`). */
  readonly includeUsage?: boolean;
  /** OpenAI-compatible: leave out `data: [DONE]` (ik_llama.cpp); Ollama: leave out the done object. */
  readonly omitEndMarker?: boolean;
  /** Keep-alive comments / ping events between pieces. */
  readonly keepAlive?: boolean;
}

const MODEL = 'fake-model';

export function ollamaLines(answer: TextAnswer, model = MODEL): string[] {
  const lines = answer.pieces.map(
    (piece, index) =>
      `${JSON.stringify({ model, created_at: `2025-07-07T20:22:19.${String(100000 + index)}Z`, message: { role: 'assistant', content: piece, images: null }, done: false })}\n`,
  );
  if (!answer.omitEndMarker) {
    lines.push(
      `${JSON.stringify({
        model,
        created_at: '2025-07-07T20:22:19.19314Z',
        message: { role: 'assistant', content: '' },
        done_reason: answer.finish ?? 'stop',
        done: true,
        total_duration: 182242375,
        load_duration: 41295167,
        prompt_eval_count: 169,
        prompt_eval_duration: 24573166,
        eval_count: answer.pieces.length,
        eval_duration: 115959084,
      })}\n`,
    );
  }
  return lines;
}

export const OLLAMA_MID_STREAM_ERROR = `${JSON.stringify({ error: 'an error was encountered while running the model' })}\n`;

function openAiChunk(delta: Record<string, string | null>, finish: string | null): string {
  return `data: ${JSON.stringify({
    id: 'chatcmpl-123',
    object: 'chat.completion.chunk',
    created: 1700000000,
    model: MODEL,
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
}

export function openAiEvents(answer: TextAnswer): string[] {
  const events: string[] = [];
  const refusal = answer.finish === 'refusal';
  answer.pieces.forEach((piece, index) => {
    // A refusal streams in `delta.refusal` with `content: null` (openai-node's captured refusal stream).
    const delta: Record<string, string | null> = refusal ? { refusal: piece } : { content: piece };
    events.push(openAiChunk(index === 0 ? { role: 'assistant', ...(refusal ? { content: null } : {}), ...delta } : delta, null));
    if (answer.keepAlive) events.push(': keep-alive\n\n');
  });
  const finish = answer.finish === 'refusal' ? 'stop' : answer.finish === 'context_window' ? 'length' : (answer.finish ?? 'stop');
  events.push(openAiChunk({}, finish));
  if (answer.includeUsage) {
    events.push(
      `data: ${JSON.stringify({ id: 'chatcmpl-123', object: 'chat.completion.chunk', created: 1700000000, model: MODEL, choices: [], usage: { prompt_tokens: 26, completion_tokens: answer.pieces.length, total_tokens: 26 + answer.pieces.length } })}\n\n`,
    );
  }
  if (!answer.omitEndMarker) events.push('data: [DONE]\n\n');
  return events;
}

export const OPENAI_MID_STREAM_ERROR = `data: ${JSON.stringify({ error: { message: 'upstream secret detail: model crashed', type: 'BadRequestError', param: null, code: 400 } })}\n\n`;

function anthropicStop(finish: FakeFinish | undefined): string {
  switch (finish) {
    case 'length':
      return 'max_tokens';
    case 'refusal':
    case 'content_filter':
      return 'refusal';
    case 'context_window':
      return 'model_context_window_exceeded';
    default:
      return 'end_turn';
  }
}

function anthropicEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function anthropicEvents(answer: TextAnswer): string[] {
  const events = [
    anthropicEvent('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY',
        type: 'message',
        role: 'assistant',
        content: [],
        model: MODEL,
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 25, output_tokens: 1 },
      },
    }),
    anthropicEvent('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
    anthropicEvent('ping', { type: 'ping' }),
  ];
  for (const piece of answer.pieces) {
    events.push(anthropicEvent('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }));
    if (answer.keepAlive) events.push(anthropicEvent('ping', { type: 'ping' }), anthropicEvent('future_event_kind', { type: 'future_event_kind', extra: 1 }));
  }
  events.push(anthropicEvent('content_block_stop', { type: 'content_block_stop', index: 0 }));
  events.push(
    anthropicEvent('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: anthropicStop(answer.finish), stop_sequence: null },
      usage: { output_tokens: answer.pieces.length },
    }),
  );
  if (!answer.omitEndMarker) events.push(anthropicEvent('message_stop', { type: 'message_stop' }));
  return events;
}

export const ANTHROPIC_MID_STREAM_ERROR = anthropicEvent('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });

/** Anthropic's in-stream error event alone (sent right after `message_start` when overloaded before output). */
export function anthropicErrorEvent(type = 'overloaded_error', message = 'Overloaded'): string {
  return anthropicEvent('error', { type: 'error', error: { type, message } });
}

/**
 * Which server sits behind an OpenAI-compatible fake: OpenAI's cloud API or a llama.cpp server
 * (its error objects carry a numeric `code` and its own `type`s).
 */
export type OpenAiFlavour = 'openai' | 'llamacpp';

/**
 * The provider's own error body for a status, in its documented shape and wording (docs/providers.md
 * names the sources). The text must never reach a client: the adapters keep only a stable code.
 */
export function errorBody(kind: WireKind, status: number, flavour: OpenAiFlavour = 'openai', model = MODEL): string {
  switch (kind) {
    case 'ollama': {
      const messages: Record<number, string> = {
        400: 'invalid options: upstream detail that must not leak',
        404: `model "${model}" not found, try pulling it first`,
        429: 'server busy, please try again.  maximum pending requests exceeded',
        500: 'llama runner process has terminated: exit status 2',
        502: 'an error was encountered while running the model: upstream detail that must not leak',
        503: 'server busy, please try again.  maximum pending requests exceeded',
      };
      return JSON.stringify({ error: messages[status] ?? 'the model failed to generate a response' });
    }
    case 'openai': {
      if (flavour === 'llamacpp') {
        const errors: Record<number, [string, string]> = {
          400: ['request (4476 tokens) exceeds the available context size (4096 tokens), try increasing it', 'exceed_context_size_error'],
          401: ['Invalid API Key', 'authentication_error'],
          404: ['File Not Found', 'not_found_error'],
          500: ['Context size has been exceeded.', 'server_error'],
          501: ['This server does not support this endpoint.', 'not_supported_error'],
          503: ['Loading model', 'unavailable_error'],
        };
        const [message, type] = errors[status] ?? ['upstream detail that must not leak', 'server_error'];
        return JSON.stringify({
          error: { code: status, message, type, ...(type === 'exceed_context_size_error' ? { n_prompt_tokens: 4476, n_ctx: 4096 } : {}) },
        });
      }
      const errors: Record<number, [string, string, string | null, string | null]> = {
        400: [
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130571 tokens.",
          'invalid_request_error',
          'messages',
          'context_length_exceeded',
        ],
        401: [
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
          'invalid_request_error',
          null,
          'invalid_api_key',
        ],
        403: ['You are not allowed to sample from this model', 'invalid_request_error', null, null],
        404: [`The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', null, 'model_not_found'],
        429: ['Rate limit reached for requests. Please try again in 20ms.', 'requests', null, 'rate_limit_exceeded'],
        500: ['The server had an error while processing your request. Sorry about that!', 'server_error', null, null],
        502: ['Bad gateway.', 'server_error', null, null],
        503: ['The engine is currently overloaded, please try again later', 'server_error', null, null],
      };
      const [message, type, param, code] = errors[status] ?? ['upstream detail that must not leak', 'server_error', null, null];
      return JSON.stringify({ error: { message, type, param, code } });
    }
    case 'anthropic': {
      const errors: Record<number, [string, string]> = {
        400: ['invalid_request_error', 'messages: upstream detail that must not leak'],
        401: ['authentication_error', 'invalid x-api-key'],
        403: ['permission_error', 'Your API key does not have permission to use the specified resource.'],
        404: ['not_found_error', `model: ${model}`],
        413: ['request_too_large', 'Request exceeds the maximum allowed number of bytes.'],
        429: ['rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'],
        500: ['api_error', 'Internal server error'],
        503: ['overloaded_error', 'Overloaded'],
        529: ['overloaded_error', 'Overloaded'],
      };
      const [type, message] = errors[status] ?? ['api_error', 'upstream detail that must not leak'];
      return JSON.stringify({ type: 'error', error: { type, message }, request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy' });
    }
  }
}

/** The answer as one JSON document, for a request with `stream: false`. */
export function nonStreamBody(kind: WireKind, answer: TextAnswer): string {
  const text = answer.pieces.join('');
  switch (kind) {
    case 'ollama':
      return JSON.stringify({
        model: MODEL,
        created_at: '2025-07-07T20:22:19.19314Z',
        message: { role: 'assistant', content: text },
        done_reason: answer.finish === 'length' ? 'length' : 'stop',
        done: true,
        total_duration: 182242375,
        load_duration: 41295167,
        prompt_eval_count: 169,
        prompt_eval_duration: 24573166,
        eval_count: answer.pieces.length,
        eval_duration: 115959084,
      });
    case 'openai': {
      const refusal = answer.finish === 'refusal';
      return JSON.stringify({
        id: 'chatcmpl-123',
        object: 'chat.completion',
        created: 1700000000,
        model: MODEL,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: refusal ? null : text, refusal: refusal ? text : null },
            logprobs: null,
            finish_reason: answer.finish === 'length' ? 'length' : answer.finish === 'content_filter' ? 'content_filter' : 'stop',
          },
        ],
        usage: { prompt_tokens: 26, completion_tokens: answer.pieces.length, total_tokens: 26 + answer.pieces.length },
      });
    }
    case 'anthropic':
      return JSON.stringify({
        id: 'msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY',
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text }],
        model: MODEL,
        stop_reason: anthropicStop(answer.finish),
        stop_sequence: null,
        usage: { input_tokens: 25, output_tokens: answer.pieces.length },
      });
  }
}

/** llama.cpp servers before late 2025: a mid-stream failure as the non-standard `error:` field, then `[DONE]`. */
export const LLAMACPP_ERROR_FIELD =
  'error: {"code":400,"message":"the request exceeds the available context size. try increasing the context size or enable context shift","type":"invalid_request_error"}\n\ndata: [DONE]\n\n';

export function textFrames(kind: WireKind, answer: TextAnswer): string[] {
  switch (kind) {
    case 'ollama':
      return ollamaLines(answer);
    case 'openai':
      return openAiEvents(answer);
    case 'anthropic':
      return anthropicEvents(answer);
  }
}

export function midStreamError(kind: WireKind): string {
  switch (kind) {
    case 'ollama':
      return OLLAMA_MID_STREAM_ERROR;
    case 'openai':
      return OPENAI_MID_STREAM_ERROR;
    case 'anthropic':
      return ANTHROPIC_MID_STREAM_ERROR;
  }
}

export function contentType(kind: WireKind): string {
  return kind === 'ollama' ? 'application/x-ndjson' : 'text/event-stream';
}
