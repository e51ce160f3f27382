import type { ModuleDeclaration } from '../capabilities/module-registry.js';

/** The GEDCOM capability module: present only in the composition that supplies the artifact registry. */
export const GEDCOM_MODULE: ModuleDeclaration = {
  moduleId: 'gedcom',
  name: 'GEDCOM operations',
  summary: 'Inspect, merge, subtree, quality and sync over opaque artifact grants, as jobs; bounded, content-free results.',
  actions: [
    { dispatchKey: 'gedcom.inspect', name: 'inspect', summary: 'Submits a deterministic source inspection.' },
    { dispatchKey: 'gedcom.merge', name: 'merge', summary: 'Submits a loss-minimal merge that writes a new artifact.' },
    { dispatchKey: 'gedcom.subtree', name: 'subtree', summary: 'Submits a rooted subtree extraction.' },
    { dispatchKey: 'gedcom.quality', name: 'quality', summary: 'Submits a quality analysis of the whole file or a rooted part.' },
    { dispatchKey: 'gedcom.sync', name: 'sync', summary: 'Submits a typed incremental synchronisation.' },
    { dispatchKey: 'gedcom.result', name: 'result', summary: 'Returns a completed job\'s bounded, path-free, content-free result.' },
  ],
};
