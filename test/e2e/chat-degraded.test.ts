import { chmodSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createProfile, OWNER, sessionRequest, startChatWorld, type ChatWorld } from '../support/chat-world.js';

let world: ChatWorld;

beforeAll(async () => {
  world = await startChatWorld();
  await createProfile(world, 'local-ollama', 'ollama');
  await world.sidecar.stop();
  for (const fake of Object.values(world.fakes)) fake.reset();
  // The workspace is no longer writable: startup comes back degraded, the saved profile still exists.
  chmodSync(world.fixture.workspace, 0o555);
  world.sidecar = await world.launch();
});

afterAll(async () => {
  chmodSync(world.fixture.workspace, 0o700);
  await world?.close();
});

describe('chat under degraded startup', () => {
  it('refuses session creation with STARTUP_DEGRADED and makes zero provider calls', async () => {
    const report = await call(world, 'GET', '/api/v1/startup-diagnostics');
    expect(report.body.status).toBe('degraded');
    const refused = await call(world, 'POST', '/api/v1/chat/sessions', { body: sessionRequest('local-ollama') });
    expect([refused.status, refused.body.code]).toEqual([409, 'STARTUP_DEGRADED']);
    const unknown = await call(world, 'POST', `/api/v1/chat/sessions/chs_${'a'.repeat(32)}/runs`, { body: { message: 'hello' }, owner: OWNER });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'CHAT_SESSION_NOT_FOUND']);
    const capability = await call(world, 'GET', '/api/v1/chat/capability');
    expect(capability.status).toBe(200);
    const shutdown = await call(world, 'POST', '/api/v1/jobs/shutdown', { body: { wait_ms: 0 } });
    expect(shutdown.status).toBe(200);
    for (const fake of Object.values(world.fakes)) {
      expect(fake.connections()).toBe(0);
      expect(fake.calls()).toBe(0);
    }
  });
});
