import type { Static, TObject } from 'typebox';
import { operationTitle, type GedcomOperationDescriptor } from './gedcom-operation-descriptor.js';
import { INSPECT } from './gedcom-operations/inspect.js';
import { MERGE } from './gedcom-operations/merge.js';
import { SUBTREE } from './gedcom-operations/subtree.js';
import { QUALITY } from './gedcom-operations/quality.js';
import { SYNC } from './gedcom-operations/sync.js';

/**
 * The GEDCOM operations, one descriptor each (`gedcom-operations/<name>.ts`), in contract order.
 * This list is the only place that enumerates them: the routes, the named schemas, the result's
 * sections, the job kinds and grant scopes, the capability manifest, the OpenAPI document, the
 * client's constants and the engine's runner table (typed by GedcomOperation, so an operation
 * without a runner does not compile) are all derived from it.
 */
const OPERATIONS = [INSPECT, MERGE, SUBTREE, QUALITY, SYNC] as const;

type Declared = (typeof OPERATIONS)[number];
export type GedcomOperation = Declared['name'];
export type GedcomOperationTable = { readonly [D in Declared as D['name']]: D };

export const GEDCOM_OPERATIONS: readonly GedcomOperation[] = OPERATIONS.map((operation) => operation.name);
// cast: built from OPERATIONS, one entry under each descriptor's own name, which is what the mapped type says
export const GEDCOM_OPERATION_TABLE = Object.fromEntries(OPERATIONS.map((operation) => [operation.name, operation])) as GedcomOperationTable;

/** Request types by operation (the static types of the request schemas). */
export type GedcomRequests = { readonly [K in GedcomOperation]: Static<GedcomOperationTable[K]['request']> };
/** Result sections by operation: `GedcomJobResult[op]` of a completed job. */
export type GedcomSections = { readonly [K in GedcomOperation]: Static<GedcomOperationTable[K]['section']> };

/** The grant scope of each operation: `gedcom.<operation>`. */
export type GedcomGrantScope = `gedcom.${GedcomOperation}`;
export const GEDCOM_GRANT_SCOPES: readonly GedcomGrantScope[] = GEDCOM_OPERATIONS.map((op): GedcomGrantScope => `gedcom.${op}`);

/** What every entry offers whatever its operation (routes, manifest, submission). */
export type GedcomOperationEntry = GedcomOperationDescriptor<GedcomOperation, TObject, TObject> & { readonly inputs: readonly string[] };

/** The table's entries in contract order. */
export function gedcomOperationEntries(): readonly GedcomOperationEntry[] {
  return OPERATIONS;
}

/** The operations' schemas under their component names: `Gedcom<Title>Request`, then `Gedcom<Title>Summary`. */
export function gedcomOperationSchemas(part: 'request' | 'section'): Readonly<Record<string, TObject>> {
  const suffix = part === 'request' ? 'Request' : 'Summary';
  return Object.fromEntries(OPERATIONS.map((operation) => [`Gedcom${operationTitle(operation.name)}${suffix}`, operation[part]]));
}
