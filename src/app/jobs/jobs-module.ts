import type { ModuleDeclaration } from '../capabilities/module-registry.js';

/** The job lifecycle module (spec section 4): read, cancel, stream and the safe-quit preflight; it admits no work. */
export const JOBS_MODULE: ModuleDeclaration = {
  moduleId: 'jobs',
  name: 'Jobs',
  summary: 'Job lifecycle metadata: snapshots, cooperative cancel, replayable event streams and the shutdown preflight. Admits no work.',
  actions: [
    { dispatchKey: 'jobs.list', name: 'list', summary: 'Lists bounded schema-v1 job snapshots, newest first, with an opaque cursor.' },
    { dispatchKey: 'jobs.get', name: 'get', summary: 'Returns one current job snapshot.' },
    { dispatchKey: 'jobs.cancel', name: 'cancel', summary: 'Idempotently requests cooperative cancellation.' },
    { dispatchKey: 'jobs.events', name: 'events', summary: 'Streams schema-v1 job events over SSE with Last-Event-ID replay.' },
    { dispatchKey: 'jobs.shutdown_preflight', name: 'shutdown_preflight', summary: 'Safe-quit preflight: waits a bounded interval for active work.' },
  ],
};
