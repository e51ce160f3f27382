import { GedcomJobAccepted, GedcomJobPathParams, GedcomJobResult } from '../../contract/gedcom.js';
import {
  GEDCOM_OPERATION_TABLE,
  GEDCOM_OPERATIONS,
  type GedcomOperation,
  type GedcomOperationTable,
  type GedcomRequests,
} from '../../contract/gedcom-operations.js';
import { operationTitle } from '../../contract/gedcom-operation-descriptor.js';
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

type SubmissionRoute<K extends GedcomOperation> = RouteDeclaration<undefined, undefined, GedcomOperationTable[K]['request'], typeof GedcomJobAccepted>;

/** The submission route of one operation: texts, path, operationId, job kind and body schema from its table entry. */
function submissionRoute<K extends GedcomOperation>(operation: K): SubmissionRoute<K> {
  const entry = GEDCOM_OPERATION_TABLE[operation];
  return declareRoute({
    operationId: `submitInternalGedcom${operationTitle(operation)}`,
    method: 'POST',
    path: `/api/v1/gedcom/${operation}`,
    dispatchKey: `gedcom.${operation}`,
    summary: entry.summary,
    description: entry.description + GRANT_RULES + (entry.versionChecked ? VERSION_CHECKED : VERSION_REPORTED) + SELECTION_RULES + WORKER_RULES,
    tags: ['gedcom'],
    body: entry.request,
    success: {
      status: 202,
      description: 'The job was submitted; follow it through the job routes.',
      schema: GedcomJobAccepted,
      contentType: 'application/json',
    },
  });
}

const RESULT_ROUTE = declareRoute({
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
});

/** Every GEDCOM route in contract order, as the contract document reads them: the submissions in the table's order, then the result. */
export const GEDCOM_ROUTE_LIST: readonly RouteContract[] = [...GEDCOM_OPERATIONS.map((operation) => submissionRoute(operation)), RESULT_ROUTE];

/** One submission route bound to the service: the body, typed by the operation's request schema, goes to `submit` as it is. */
function boundSubmission<K extends GedcomOperation>(gedcom: GedcomService, operation: K): RouteDefinition {
  // cast: the adapter validated the body against the table's request schema of this operation, whose static type is GedcomRequests[K]
  return bindRoute(submissionRoute(operation), async (request) => gedcom.submit(operation, request.body as GedcomRequests[K]));
}

/** The GEDCOM routes: they translate HTTP to the GEDCOM service; composed only with the artifact registry. */
export function gedcomRoutes(gedcom: GedcomService): RouteDefinition[] {
  return [
    ...GEDCOM_OPERATIONS.map((operation) => boundSubmission(gedcom, operation)),
    bindRoute(RESULT_ROUTE, async (request) => gedcom.result(request.params.job_id)),
  ];
}
