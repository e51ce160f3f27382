import { GEDCOM_OPERATIONS, gedcomOperationEntries } from '../../contract/gedcom-operations.js';
import type { ModuleDeclaration } from '../capabilities/module-registry.js';

/** The operations as a sentence: `A, b and c`. */
function operationList(): string {
  const [first = '', ...rest] = GEDCOM_OPERATIONS;
  const named = [first.charAt(0).toUpperCase() + first.slice(1), ...rest];
  return named.length === 1 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named.at(-1) ?? ''}`;
}

/** The GEDCOM capability module: present only in the composition that supplies the artifact registry. */
export const GEDCOM_MODULE: ModuleDeclaration = {
  moduleId: 'gedcom',
  name: 'GEDCOM operations',
  summary: `${operationList()} over opaque artifact grants, as jobs run in worker threads; bounded, content-free results.`,
  actions: [
    ...gedcomOperationEntries().map((entry) => ({ dispatchKey: `gedcom.${entry.name}`, name: entry.name, summary: entry.action })),
    { dispatchKey: 'gedcom.result', name: 'result', summary: "Returns a completed job's bounded, path-free, content-free result." },
  ],
};
