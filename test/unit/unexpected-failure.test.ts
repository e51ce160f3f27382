import { describe, expect, it } from 'vitest';
import { API_CONTRACT } from '../../src/contract/api-version.js';
import type { EventFieldValue, EventLog } from '../../src/app/event-log.js';
import { RequestGate } from '../../src/http/request-gate.js';
import { buildHttpAdapter } from '../../src/http/server.js';

const SECRET_LOOKING = 'sk-live-0123456789abcdef';
const PATH_LOOKING = '/home/alice/family/tree.ged';

class RecordingLog implements EventLog {
  readonly lines: string[] = [];
  event(name: string, fields: Readonly<Record<string, EventFieldValue>> = {}): void {
    this.lines.push(JSON.stringify({ name, ...fields }));
  }
}

describe('an unexpected exception in a handler', () => {
  it('answers a sanitized 500 INTERNAL_FAILURE: no message, stack, path or secret in the answer or the log', async () => {
    const log = new RecordingLog();
    const gate = new RequestGate({ bearer: 'A'.repeat(43), appBuild: 'test-build' });
    const adapter = buildHttpAdapter({
      gate,
      log,
      routes: [
        {
          operationId: 'explode',
          method: 'GET',
          path: '/api/v1/explode',
          dispatchKey: 'test.explode',
          summary: 'Throws',
          tags: [],
          success: { status: 200, description: 'never', contentType: 'application/json' },
          handler: async () => {
            const failure = new Error(`cannot open ${PATH_LOOKING} with key ${SECRET_LOOKING}`) as Error & { code: string };
            failure.code = `EACCES ${PATH_LOOKING}`;
            throw failure;
          },
        },
      ],
    });
    const port = await adapter.listen();
    gate.bindPort(port);
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/explode`, {
      headers: { authorization: `Bearer ${'A'.repeat(43)}`, 'x-service-api-version': API_CONTRACT, 'x-service-app-build': 'test-build' },
    });
    expect(response.status).toBe(500);
    const body = await response.text();
    const envelope = JSON.parse(body) as Record<string, unknown>;
    expect(envelope).toMatchObject({ code: 'INTERNAL_FAILURE', message: 'The request failed safely.', details: [] });
    expect(response.headers.get('x-service-correlation-ref')).toBe(envelope.correlation_ref);
    expect(log.lines).toEqual([JSON.stringify({ name: 'request.failed', error: 'unexpected' })]);
    for (const text of [body, JSON.stringify([...response.headers]), ...log.lines]) {
      expect(text).not.toContain(SECRET_LOOKING);
      expect(text).not.toContain(PATH_LOOKING);
      expect(text).not.toContain('at ');
    }
    await adapter.close();
  });
});
