import { Type } from 'typebox';
import {
  JobCancelResponse,
  JobEvent,
  JobPathParams,
  JobSnapshot,
  JobSnapshotPage,
  ShutdownPreflightRequest,
  ShutdownPreflightResponse,
} from '../../contract/jobs.js';
import { JOB_LIMITS } from '../../contract/limits.js';
import { PaginationQuery } from '../../contract/pagination.js';
import type { ShutdownPreflight } from '../../app/jobs/active-work.js';
import type { JobLifecycle } from '../../app/jobs/job-engine.js';
import { ServiceError } from '../../app/service-error.js';
import { bindRoute, declareRoute, type RouteDefinition } from '../route-definition.js';
import { lazySerializer } from '../schema-serializer.js';
import { SseFrames, streamSse } from '../sse.js';

const LAST_EVENT_ID = /^(0|[1-9][0-9]{0,15})$/;

/** The `Last-Event-ID` header: absent, or a decimal event id; anything else is JOB_EVENT_CURSOR_INVALID. */
function parseLastEventId(header: string | string[] | undefined): number | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !LAST_EVENT_ID.test(header)) throw new ServiceError('JOB_EVENT_CURSOR_INVALID');
  const value = Number(header);
  if (!Number.isSafeInteger(value)) throw new ServiceError('JOB_EVENT_CURSOR_INVALID');
  return value;
}

/** What the routes that read the durable ledger answer while it is not open. */
const LEDGER_CLOSED = 'While the encrypted database is not open (degraded startup) the jobs of its ledger are unknown: 409 STARTUP_DEGRADED.';
const LastEventIdHeader = Type.String({ pattern: LAST_EVENT_ID.source, description: 'The id of the last event received; replay resumes after it.' });

/** The job routes as declared: what the contract document reads; `jobRoutes` binds their handlers. */
export const JOB_ROUTES = {
  listInternalJobs: declareRoute({
    operationId: 'listInternalJobs',
    method: 'GET',
    path: '/api/v1/jobs',
    dispatchKey: 'jobs.list',
    summary: 'Job snapshots',
    description: `Bounded schema-v1 snapshots, newest first. \`cursor\` is the opaque, tamper-evident \`next_cursor\` of the previous page (valid for the life of the process; a forged or foreign one is 400 JOB_CURSOR_INVALID). Pages stay stable while new jobs are added; a listing walks at most ${JOB_LIMITS.maxSnapshots} snapshots in total. ${LEDGER_CLOSED}`,
    tags: ['jobs'],
    query: PaginationQuery,
    success: { status: 200, description: 'One page of job snapshots.', schema: JobSnapshotPage, contentType: 'application/json' },
  }),
  getInternalJob: declareRoute({
    operationId: 'getInternalJob',
    method: 'GET',
    path: '/api/v1/jobs/{job_id}',
    dispatchKey: 'jobs.get',
    summary: 'One job snapshot',
    description: `The current schema-v1 snapshot of one job; 404 JOB_NOT_FOUND when the job is not known. ${LEDGER_CLOSED}`,
    tags: ['jobs'],
    params: JobPathParams,
    success: { status: 200, description: 'The job snapshot.', schema: JobSnapshot, contentType: 'application/json' },
  }),
  cancelInternalJob: declareRoute({
    operationId: 'cancelInternalJob',
    method: 'POST',
    path: '/api/v1/jobs/{job_id}/cancel',
    dispatchKey: 'jobs.cancel',
    summary: 'Request cooperative cancellation',
    description: `Idempotent. \`pending_safe_point\`: cancellation is recorded (one \`cancel-requested\` event) and the job stops at its next safe point; repeated calls answer the same without new events. \`terminal\`: the job has ended (a queued job is cancelled at once); the snapshot tells how. ${LEDGER_CLOSED}`,
    tags: ['jobs'],
    params: JobPathParams,
    success: { status: 200, description: 'The cancellation disposition and the current snapshot.', schema: JobCancelResponse, contentType: 'application/json' },
  }),
  streamInternalJobEvents: declareRoute({
    operationId: 'streamInternalJobEvents',
    method: 'GET',
    path: '/api/v1/jobs/{job_id}/events',
    dispatchKey: 'jobs.events',
    summary: 'Job event stream (SSE)',
    description: `Server-sent events: \`id\` is the per-job sequence, \`event\` the kind, \`data\` one JobEvent. At most ${JOB_LIMITS.retainedEventsPerJob} events are retained per job; \`Last-Event-ID\` resumes after that id, an id before the retained window is 410 JOB_EVENT_REPLAY_EXPIRED (fetch a fresh snapshot), a malformed or future id is 400 JOB_EVENT_CURSOR_INVALID, all before any event is sent. At most ${JOB_LIMITS.subscribersPerJob} subscribers per job (409 JOB_SUBSCRIBER_LIMIT); a subscriber more than ${JOB_LIMITS.subscriberQueueEvents} events behind is closed alone and resumes by id. A comment heartbeat every ${JOB_LIMITS.heartbeatMs / 1000} s; the stream closes after the terminal event. ${LEDGER_CLOSED}`,
    tags: ['jobs'],
    params: JobPathParams,
    headers: [{ name: 'Last-Event-ID', schema: LastEventIdHeader, description: 'Resume after this event id.', required: false }],
    success: { status: 200, description: 'The event stream.', contentType: 'text/event-stream', eventSchema: JobEvent },
    extraErrorStatuses: [410],
  }),
  preflightInternalShutdown: declareRoute({
    operationId: 'preflightInternalShutdown',
    method: 'POST',
    path: '/api/v1/jobs/shutdown',
    dispatchKey: 'jobs.shutdown_preflight',
    summary: 'Safe-quit preflight',
    description: `Waits for active work (jobs, and chat streams once they exist) up to \`wait_ms\` (at most ${JOB_LIMITS.shutdownPreflightMaxWaitMs} ms, the default). Answers \`ready\` when nothing is active; otherwise 409 SHUTDOWN_BLOCKED_ACTIVE_WORK with the counts per source in \`details\`, including work pending a cancellation-safe point. The body is optional: a request without one (no Content-Length, or 0) waits the default; a body, when sent, is a JSON ShutdownPreflightRequest. Changes no state; not blocked by degraded startup (spec section 3, rule 3).`,
    bodyOptional: true,
    tags: ['jobs'],
    body: ShutdownPreflightRequest,
    success: { status: 200, description: 'Nothing is active.', schema: ShutdownPreflightResponse, contentType: 'application/json' },
  }),
} as const;

/** The job lifecycle routes: they translate HTTP to the job engine and admit no work. */
export function jobRoutes(jobs: JobLifecycle, preflight: ShutdownPreflight): RouteDefinition[] {
  const frames = new SseFrames(lazySerializer(JobEvent));
  return [
    bindRoute(JOB_ROUTES.listInternalJobs, async (request) => jobs.list(request.query.cursor ?? null, request.query.limit)),
    bindRoute(JOB_ROUTES.getInternalJob, async (request) => jobs.get(request.params.job_id)),
    bindRoute(JOB_ROUTES.cancelInternalJob, async (request) => jobs.cancel(request.params.job_id)),
    bindRoute(JOB_ROUTES.streamInternalJobEvents, async (request, reply) => {
      const { job_id: jobId } = request.params;
      const lastEventId = parseLastEventId(request.headers['last-event-id']);
      const { subscription } = jobs.subscribe(jobId, lastEventId);
      return reply.stream((res) =>
        streamSse(
          res,
          {
            next: () => subscription.next(),
            poll: () => subscription.poll(),
            onEnd: (listener) => subscription.onEnd(listener),
            close: () => subscription.close(),
          },
          { heartbeatMs: JOB_LIMITS.heartbeatMs, coalesceTurns: JOB_LIMITS.sseCoalesceTurns, frames },
        ),
      );
    }),
    bindRoute(JOB_ROUTES.preflightInternalShutdown, async (request) => preflight.run(request.body.wait_ms)),
  ];
}
