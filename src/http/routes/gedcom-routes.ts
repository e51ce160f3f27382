import { GedcomJobAccepted, GedcomJobPathParams, GedcomJobResult, type GedcomOperation } from '../../contract/gedcom.js';
import { gedcomOperationEntries, type GedcomOperationEntry, type GedcomRequests } from '../../contract/gedcom-operations.js';
import type { GedcomService } from '../../app/gedcom/gedcom-service.js';
import type { RouteDefinition } from '../route-definition.js';

const SELECTION_RULES =
  ' `execution.mode` `offline` refuses any profile, model or consent (PROVIDER_NOT_ALLOWED); `local` needs profile and model of a local provider and no consent; `cloud` needs profile, model and consent (CONSENT_REQUIRED). Non-offline selections pass the central provider preflight before the job is created and again before the advisory call.';
const GRANT_RULES = ' Grants must be scoped to this operation and unexpired (ARTIFACT_GRANT_INVALID); files whose HEAD.GEDC.VERS is not supported are refused before the job starts (GEDCOM_VERSION_UNSUPPORTED).';
const WORKER_RULES =
  ' The operation runs in a worker thread: its job reports stages and fractions as progress, a cancel stops it within a fraction of a second, and a job that exceeds its memory or time ceiling fails with GEDCOM_RESOURCE_LIMIT.';

/** The submission route of one operation, from its table entry (the body was validated against `entry.request`). */
function submitRoute(entry: GedcomOperationEntry, gedcom: GedcomService): RouteDefinition {
  const operation: GedcomOperation = entry.name;
  return {
    operationId: entry.operationId,
    method: 'POST',
    path: `/api/v1/gedcom/${operation}`,
    dispatchKey: `gedcom.${operation}`,
    summary: entry.summary,
    description: entry.description + GRANT_RULES + SELECTION_RULES + WORKER_RULES,
    tags: ['gedcom'],
    body: entry.request,
    success: { status: 202, description: 'The job was submitted; follow it through the job routes.', schema: GedcomJobAccepted, contentType: 'application/json' },
    handler: async (request, reply) => {
      const accepted = await gedcom.submit(operation, request.body as GedcomRequests[typeof operation]);
      reply.code(202);
      return accepted;
    },
  };
}

/** The GEDCOM routes: they translate HTTP to the GEDCOM service; composed only with the artifact registry. */
export function gedcomRoutes(gedcom: GedcomService): RouteDefinition[] {
  return [
    ...gedcomOperationEntries().map((entry) => submitRoute(entry, gedcom)),
    {
      operationId: 'getInternalGedcomJobResult',
      method: 'GET',
      path: '/api/v1/gedcom/jobs/{job_id}/result',
      dispatchKey: 'gedcom.result',
      summary: 'Result of a GEDCOM job',
      description:
        'The completed, bounded, path-free and content-free result while this process holds it. A job still queued or running answers 409 GEDCOM_JOB_RESULT_PENDING; a failed, cancelled or interrupted job 409 GEDCOM_JOB_RESULT_NONE (details: state, error_code); a completed job whose result is no longer in memory (after a restart) 410 GEDCOM_JOB_RESULT_UNAVAILABLE; an unknown job 404 JOB_NOT_FOUND.',
      tags: ['gedcom'],
      params: GedcomJobPathParams,
      success: { status: 200, description: 'The structured result.', schema: GedcomJobResult, contentType: 'application/json' },
      handler: async (request) => gedcom.result((request.params as GedcomJobPathParams).job_id),
    },
  ];
}
