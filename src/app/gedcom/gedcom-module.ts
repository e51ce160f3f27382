import { gedcomOperationEntries } from '../../contract/gedcom-operations.js';
import type { ModuleDeclaration } from '../capabilities/module-registry.js';

/** The GEDCOM capability module: present only in the composition that supplies the artifact registry. */
export const GEDCOM_MODULE: ModuleDeclaration = {
  moduleId: 'gedcom',
  name: 'GEDCOM operations',
  summary: 'Inspect, merge, subtree, quality and sync over opaque artifact grants, as jobs run in worker threads; bounded, content-free results.',
  actions: [
    ...gedcomOperationEntries().map((entry) => ({ dispatchKey: `gedcom.${entry.name}`, name: entry.name, summary: entry.action })),
    { dispatchKey: 'gedcom.result', name: 'result', summary: "Returns a completed job's bounded, path-free, content-free result." },
  ],
};
