import type { TSchema } from 'typebox';
import {
  GEDCOM_OPERATIONS,
  GedcomInspectRequest,
  GedcomJobAccepted,
  GedcomJobPathParams,
  GedcomJobResult,
  GedcomMergeRequest,
  GedcomQualityRequest,
  GedcomSubtreeRequest,
  GedcomSyncRequest,
  type GedcomOperation,
} from '../../contract/gedcom.js';
import { GEDCOM_OPERATION_TABLE, type GedcomOperationEntry } from '../../contract/gedcom-operations.js';
import type { GedcomService } from '../../app/gedcom/gedcom-service.js';
import { defineRoute, type PartOf, type RouteDefinition } from '../route-definition.js';

const SELECTION_RULES =
  ' `execution.mode` `offline` refuses any profile, model or consent (PROVIDER_NOT_ALLOWED); `local` needs profile and model of a local provider and no consent; `cloud` needs profile, model and consent (CONSENT_REQUIRED). Non-offline selections pass the central provider preflight before the job is created and again before the advisory call.';
const GRANT_RULES = ' Grants must be scoped to this operation and unexpired (ARTIFACT_GRANT_INVALID).';
/** GEDCOM rule 7, per operation: what the operation does with a version it does not support (the table's `versionChecked`). */
const VERSION_CHECKED =
  ' Every input whose HEAD.GEDC.VERS is missing or not a supported version is refused before the job starts (400 GEDCOM_VERSION_UNSUPPORTED, naming the input), unless the request names `assume_version`; an input with a supported version is always read as declared.';
const VERSION_REPORTED =
  ' Any GEDCOM text is accepted whatever its version: inspection is how a user learns what a file is, so a missing or unsupported HEAD.GEDC.VERS is reported in the result (`version.supported: false`, with the probable version and its evidence in `version.probable`), never refused.';
const WORKER_RULES =
  ' The operation runs in a worker thread: its job reports stages and fractions as progress, a cancel stops it within a fraction of a second, and a job that exceeds its memory or time ceiling fails with GEDCOM_RESOURCE_LIMIT.';

/**
 * The submission route of one operation: texts, path and job kind from its table entry, the body
 * schema given with its static type (the same object as `entry.request`, checked here), so the
 * handler's body type is the operation's request type.
 */
function submitRoute<S extends TSchema>(entry: GedcomOperationEntry, body: S, submit: (request: PartOf<S>) => Promise<GedcomJobAccepted>): RouteDefinition {
  if (body !== entry.request) throw new Error(`the request schema of gedcom.${entry.name} is not the table's`);
  return defineRoute({
    operationId: entry.operationId,
    method: 'POST',
    path: `/api/v1/gedcom/${entry.name}`,
    dispatchKey: `gedcom.${entry.name}`,
    summary: entry.summary,
    description: entry.description + GRANT_RULES + (entry.versionChecked ? VERSION_CHECKED : VERSION_REPORTED) + SELECTION_RULES + WORKER_RULES,
    tags: ['gedcom'],
    body,
    success: { status: 202, description: 'The job was submitted; follow it through the job routes.', schema: GedcomJobAccepted, contentType: 'application/json' },
    handler: async (request) => submit(request.body),
  });
}

/** The GEDCOM routes: they translate HTTP to the GEDCOM service; composed only with the artifact registry. */
export function gedcomRoutes(gedcom: GedcomService): RouteDefinition[] {
  const table = GEDCOM_OPERATION_TABLE;
  // One entry per operation, or this does not compile.
  const submission: { readonly [K in GedcomOperation]: RouteDefinition } = {
    inspect: submitRoute(table.inspect, GedcomInspectRequest, (request) => gedcom.submit('inspect', request)),
    merge: submitRoute(table.merge, GedcomMergeRequest, (request) => gedcom.submit('merge', request)),
    subtree: submitRoute(table.subtree, GedcomSubtreeRequest, (request) => gedcom.submit('subtree', request)),
    quality: submitRoute(table.quality, GedcomQualityRequest, (request) => gedcom.submit('quality', request)),
    sync: submitRoute(table.sync, GedcomSyncRequest, (request) => gedcom.submit('sync', request)),
  };
  return [
    ...GEDCOM_OPERATIONS.map((operation) => submission[operation]),
    defineRoute({
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
      extraErrorStatuses: [410],
      handler: async (request) => gedcom.result(request.params.job_id),
    }),
  ];
}
