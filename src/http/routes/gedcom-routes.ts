import {
  GedcomInspectRequest,
  GedcomJobAccepted,
  GedcomJobPathParams,
  GedcomJobResult,
  GedcomMergeRequest,
  GedcomQualityRequest,
  GedcomSubtreeRequest,
  GedcomSyncRequest,
} from '../../contract/gedcom.js';
import type { GedcomService } from '../../app/gedcom/gedcom-service.js';
import type { RouteDefinition } from '../route-definition.js';

const SELECTION_RULES =
  ' `execution.mode` `offline` refuses any profile, model or consent (PROVIDER_NOT_ALLOWED); `local` needs profile and model of a local provider and no consent; `cloud` needs profile, model and consent (CONSENT_REQUIRED). Non-offline selections pass the central provider preflight before the job is created and again before the advisory call.';
const GRANT_RULES = ' Grants must be scoped to this operation and unexpired (ARTIFACT_GRANT_INVALID); files whose HEAD.GEDC.VERS is not supported are refused before the job starts (GEDCOM_VERSION_UNSUPPORTED).';

function submitRoute<B>(operationId: string, op: string, summary: string, description: string, body: unknown, submit: (body: B) => Promise<GedcomJobAccepted>): RouteDefinition {
  return {
    operationId,
    method: 'POST',
    path: `/api/v1/gedcom/${op}`,
    dispatchKey: `gedcom.${op}`,
    summary,
    description: description + GRANT_RULES + SELECTION_RULES,
    tags: ['gedcom'],
    body: body as RouteDefinition['body'],
    success: { status: 202, description: 'The job was submitted; follow it through the job routes.', schema: GedcomJobAccepted, contentType: 'application/json' },
    handler: async (request, reply) => {
      const accepted = await submit(request.body as B);
      reply.code(202);
      return accepted;
    },
  };
}

/** The GEDCOM routes: they translate HTTP to the GEDCOM service; composed only with the artifact registry. */
export function gedcomRoutes(gedcom: GedcomService): RouteDefinition[] {
  return [
    submitRoute<GedcomInspectRequest>('submitInternalGedcomInspect', 'inspect', 'Inspect a GEDCOM artifact', 'Deterministic inspection: version, encodings, terminators, record counts, xref integrity, finding codes, extension tags.', GedcomInspectRequest, (b) => gedcom.submitInspect(b)),
    submitRoute<GedcomMergeRequest>('submitInternalGedcomMerge', 'merge', 'Merge two GEDCOM artifacts', 'Loss-minimal merge of `right` into `left`: duplicates by blocking and scoring, every line of both kept, xrefs remapped, families of merged couples unified; the output is a new artifact unless `dry_run`. Review-band pairs are reported by xref only.', GedcomMergeRequest, (b) => gedcom.submitMerge(b)),
    submitRoute<GedcomSubtreeRequest>('submitInternalGedcomSubtree', 'subtree', 'Extract a rooted subtree', 'Ancestors, descendants or both of `root` within `generations`, optionally with spouses, with the referential closure of sources, repositories, notes, media and submitters; no dangling pointer; output in `output_version` or the `gedcom.export_version` setting.', GedcomSubtreeRequest, (b) => gedcom.submitSubtree(b)),
    submitRoute<GedcomQualityRequest>('submitInternalGedcomQuality', 'quality', 'Analyse data quality', "Gramps Verify person and family rules with their default thresholds over day ranges (year-only dates included), missing sources on vital events, dangling and duplicate xrefs, circular ancestry, invalid dates and probably-living counts; whole file or rooted.", GedcomQualityRequest, (b) => gedcom.submitQuality(b)),
    submitRoute<GedcomSyncRequest>('submitInternalGedcomSync', 'sync', 'Synchronise changes', 'The typed record-level change set base -> edited (field paths, no values) applied to target into a new artifact; records the target changed differently are conflicts, reported and not overwritten.', GedcomSyncRequest, (b) => gedcom.submitSync(b)),
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
