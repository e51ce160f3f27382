import type { Static, TObject } from 'typebox';
import type { ConsentPurpose } from './consent.js';
import type { GedcomStageName } from './gedcom-stages.js';

/**
 * One GEDCOM operation as the contract knows it, generic over its request and result schemas.
 * Everything else is derived from it: the route (`POST /api/v1/gedcom/<name>`, operationId
 * `submitInternalGedcom<Title>`), the named schemas (`Gedcom<Title>Request`, `Gedcom<Title>Summary`),
 * the job kind and grant scope (`gedcom.<name>`), the capability manifest's action, the result's
 * section and the static types the service, the worker and the engine's runner use.
 */
export interface GedcomOperationDescriptor<K extends string = string, Request extends TObject = TObject, Section extends TObject = TObject> {
  /** Lower-case letters only: it names the route, the job kind, the grant scope and the result's section. */
  readonly name: K;
  /** Route summary and description (OpenAPI), and the one-line action summary (capability manifest). */
  readonly summary: string;
  readonly description: string;
  readonly action: string;
  readonly request: Request;
  /** The operation's section of a completed job's result (`GedcomJobResult[name]`). */
  readonly section: Section;
  /** Request fields holding the input grants, in the order the worker receives the inputs. */
  readonly inputs: readonly (keyof Static<Request> & string)[];
  /** Whether each input's HEAD.GEDC.VERS is checked before the job is created (GEDCOM rule 7). */
  readonly versionChecked: boolean;
  /** Consent purpose of the optional advisory review; null when the operation has none. */
  readonly advisory: ConsentPurpose | null;
  /** Whether the operation may write an output artifact (a request's `dry_run: true` writes none). */
  readonly writesOutput: boolean;
  /** The progress stages the operation passes through, in order. */
  readonly stages: readonly GedcomStageName[];
}

/** Declares one operation; the literal name and the two schemas keep their own types. */
export function gedcomOperation<const K extends string, Request extends TObject, Section extends TObject>(
  descriptor: GedcomOperationDescriptor<K, Request, Section>,
): GedcomOperationDescriptor<K, Request, Section> {
  return descriptor;
}

/** The operation's name as it appears inside derived names: `Gedcom<Title>Request`, `submitInternalGedcom<Title>`. */
export function operationTitle(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
