import type { ModuleDeclaration } from '../capabilities/module-registry.js';

/** Transient chat (spec section 4): the only provider-execution surface besides GEDCOM. */
export const CHAT_MODULE: ModuleDeclaration = {
  moduleId: 'chat',
  name: 'Transient chat',
  summary:
    'Bounded in-memory chat sessions over a named provider profile: synchronous runs and streaming runs with replayable events. No tools, files, databases, shells, plugins or external services.',
  actions: [
    { dispatchKey: 'chat.capability', name: 'capability', summary: 'Returns the schema-v1 chat limits and the disabled capabilities.' },
    {
      dispatchKey: 'chat.create_session',
      name: 'create_session',
      summary: 'Preflights one named profile, model, purpose, data classes and optional consent; opens an owner-scoped session.',
    },
    { dispatchKey: 'chat.get_session', name: 'get_session', summary: 'Returns a path-free session summary without message content.' },
    { dispatchKey: 'chat.delete_session', name: 'delete_session', summary: 'Discards the session and every in-memory message it owns.' },
    { dispatchKey: 'chat.run', name: 'run', summary: 'One bounded, synchronous, policy-enforced generation.' },
    { dispatchKey: 'chat.start_stream', name: 'start_stream', summary: 'Starts one owner-scoped streaming run after the same preflight.' },
    { dispatchKey: 'chat.stream_events', name: 'stream_events', summary: 'Streams the run lifecycle events over SSE; resumes only through Last-Event-ID.' },
    { dispatchKey: 'chat.cancel_stream', name: 'cancel_stream', summary: 'Idempotently requests cancellation of that exact session-owned run.' },
  ],
};
