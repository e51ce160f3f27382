// A loopback stand-in for a local Ollama server, speaking Ollama's wire format as its API documents
// it (github.com/ollama/ollama, docs/api.md): `GET /api/version` answers `{"version": ...}`,
// `GET /api/tags` lists the models, and
// `POST /api/chat` streams newline-delimited JSON (application/x-ndjson) unless the request says
// `"stream": false`: one object per piece with `message.content` and `done: false`, then a last
// object with `done: true`, `done_reason` and the token counts. Enough for the sidecar to validate
// the endpoint and stream a chat answer; nothing leaves the machine.
import { createServer } from 'node:http';

const MODEL = 'llama3.2';

/** A chunk of the streamed answer, as Ollama writes it. */
function chunk(content, done, extra = {}) {
  return `${JSON.stringify({ model: MODEL, created_at: new Date().toISOString(), message: { role: 'assistant', content }, done, ...extra })}\n`;
}

async function body(request) {
  const parts = [];
  for await (const part of request) parts.push(part);
  return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}');
}

/** Starts the fake on a free loopback port; `answer` is the text it streams, in words. */
export async function startOllamaFake(answer) {
  const server = createServer(async (request, response) => {
    if (request.method === 'GET' && request.url === '/api/version') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ version: '0.5.1' }));
      return;
    }
    if (request.method === 'GET' && request.url === '/api/tags') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ models: [{ name: `${MODEL}:latest`, model: `${MODEL}:latest`, size: 2019393189, digest: 'a80c4f17acd5' }] }));
      return;
    }
    if (request.method === 'POST' && request.url === '/api/chat') {
      const asked = await body(request);
      const pieces = answer.split(/(?<= )/);
      const last = { done_reason: 'stop', total_duration: 1, load_duration: 1, prompt_eval_count: asked.messages?.length ?? 0, eval_count: pieces.length };
      if (asked.stream === false) {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(chunk(answer, true, last));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      for (const piece of pieces) response.write(chunk(piece, false));
      response.end(chunk('', true, last));
      return;
    }
    // Ollama's router answers an unknown path with Go's plain 404 page
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('404 page not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}`,
    model: MODEL,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
