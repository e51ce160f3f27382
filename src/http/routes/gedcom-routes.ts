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
import { bindRoute, declareRoute, type RouteContract, type RouteDeclaration, type RouteDefinition } from '../route-definition.js';

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
function submissionRoute<S extends TSchema>(entry: GedcomOperationEntry, body: S): RouteDeclaration<undefined, undefined, S, typeof GedcomJobAccepted> {
  if (body !== entry.request) throw new Error(`the request schema of gedcom.${entry.name} is not the table's`);
  return declareRoute({
    operationId: entry.operationId,
    method: 'POST',
    path: `/api/v1/gedcom/${entry.name}`,
    dispatchKey: `gedcom.${entry.name}`,
    summary: entry.summary,
    description: entry.description + GRANT_RULES + (entry.versionChecked ? VERSION_CHECKED : VERSION_REPORTED) + SELECTION_RULES + WORKER_RULES,
    tags: ['gedcom'],
    body,
    success: { status: 202, description: 'The job was submitted; follow it through the job routes.', schema: GedcomJobAccepted, contentType: 'application/json' },
  });
}

/** The GEDCOM routes as declared: what the contract document reads; `gedcomRoutes` binds their handlers. */
const GEDCOM_ROUTES = {
  submission: {
    inspect: submissionRoute(GEDCOM_OPERATION_TABLE.inspect, GedcomInspectRequest),
    merge: submissionRoute(GEDCOM_OPERATION_TABLE.merge, GedcomMergeRequest),
    subtree: submissionRoute(GEDCOM_OPERATION_TABLE.subtree, GedcomSubtreeRequest),
    quality: submissionRoute(GEDCOM_OPERATION_TABLE.quality, GedcomQualityRequest),
    sync: submissionRoute(GEDCOM_OPERATION_TABLE.sync, GedcomSyncRequest),
  },
  getInternalGedcomJobResult: declareRoute({
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
  }),
} as const;

/** Every GEDCOM route in contract order: the submissions in the operation table's order, then the result. */
export const GEDCOM_ROUTE_LIST: readonly RouteContract[] = [...GEDCOM_OPERATIONS.map((operation) => GEDCOM_ROUTES.submission[operation]), GEDCOM_ROUTES.getInternalGedcomJobResult];

/** The GEDCOM routes: they translate HTTP to the GEDCOM service; composed only with the artifact registry. */
export function gedcomRoutes(gedcom: GedcomService): RouteDefinition[] {
  const routes = GEDCOM_ROUTES.submission;
  const submission: { readonly [K in GedcomOperation]: RouteDefinition } = {
    inspect: bindRoute(routes.inspect, async (request) => gedcom.submit('inspect', request.body)),
    merge: bindRoute(routes.merge, async (request) => gedcom.submit('merge', request.body)),
    subtree: bindRoute(routes.subtree, async (request) => gedcom.submit('subtree', request.body)),
    quality: bindRoute(routes.quality, async (request) => gedcom.submit('quality', request.body)),
    sync: bindRoute(routes.sync, async (request) => gedcom.submit('sync', request.body)),
  };
  return [
    ...GEDCOM_OPERATIONS.map((operation) => submission[operation]),
    bindRoute(GEDCOM_ROUTES.getInternalGedcomJobResult, async (request) => gedcom.result(request.params.job_id)),
  ];
}
