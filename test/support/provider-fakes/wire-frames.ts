/**
 * Byte-faithful answer bodies of the three provider wire formats (research section 2), built from
 * the verbatim examples: field order, extra fields, keep-alives and error shapes as the real
 * servers send them.
 */

export type WireKind = 'ollama' | 'openai' | 'anthropic';

export interface TextAnswer {
  readonly pieces: readonly string[];
  readonly finish?: 'stop' | 'length';
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

function openAiChunk(delta: Record<string, string>, finish: string | null): string {
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
  answer.pieces.forEach((piece, index) => {
    events.push(openAiChunk(index === 0 ? { role: 'assistant', content: piece } : { content: piece }, null));
    if (answer.keepAlive) events.push(': keep-alive\n\n');
  });
  events.push(openAiChunk({}, answer.finish ?? 'stop'));
  events.push(
    `data: ${JSON.stringify({ id: 'chatcmpl-123', object: 'chat.completion.chunk', created: 1700000000, model: MODEL, choices: [], usage: { prompt_tokens: 26, completion_tokens: answer.pieces.length, total_tokens: 26 + answer.pieces.length } })}\n\n`,
  );
  if (!answer.omitEndMarker) events.push('data: [DONE]\n\n');
  return events;
}

export const OPENAI_MID_STREAM_ERROR = `data: ${JSON.stringify({ error: { message: 'upstream secret detail: model crashed', type: 'BadRequestError', param: null, code: 400 } })}\n\n`;

function anthropicEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function anthropicEvents(answer: TextAnswer): string[] {
  const events = [
    anthropicEvent('message_start', {
      type: 'message_start',
      message: { id: 'msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY', type: 'message', role: 'assistant', content: [], model: MODEL, stop_reason: null, stop_sequence: null, usage: { input_tokens: 25, output_tokens: 1 } },
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
      delta: { stop_reason: answer.finish === 'length' ? 'max_tokens' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: answer.pieces.length },
    }),
  );
  if (!answer.omitEndMarker) events.push(anthropicEvent('message_stop', { type: 'message_stop' }));
  return events;
}

export const ANTHROPIC_MID_STREAM_ERROR = anthropicEvent('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });

/** The provider's error body for a status, in its own shape; its text must never reach a client. */
export function errorBody(kind: WireKind, status: number): string {
  const secretish = 'upstream detail that must not leak';
  switch (kind) {
    case 'ollama':
      return JSON.stringify({ error: status === 404 ? "model 'fake-model' not found, try pulling it first" : `${secretish}: the model failed to generate a response` });
    case 'openai':
      return JSON.stringify({ error: { code: status, message: `${secretish}: request (4476 tokens) exceeds the available context size (4096 tokens)`, type: 'exceed_context_size_error', n_prompt_tokens: 4476, n_ctx: 4096 } });
    case 'anthropic': {
      const type = status === 429 ? 'rate_limit_error' : status === 529 || status === 503 ? 'overloaded_error' : status === 401 ? 'authentication_error' : 'api_error';
      return JSON.stringify({ type: 'error', error: { type, message: `${secretish}: Overloaded` }, request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy' });
    }
  }
}

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
