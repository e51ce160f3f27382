import type { GedcomDocumentLike } from '../model.js';
import { Family, Individual } from './kinship.js';
import { Source } from './source.js';
import { Repository } from './repository.js';
import { Note } from './note.js';
import { Media } from './media.js';
import { Submitter } from './submitter.js';

/**
 * Typed, read-only views over record trees. Views hold the live nodes: to edit, change the
 * nodes (or the record's root) and call `record.markEdited()`.
 */
export { Family, Individual } from './kinship.js';
export { Source } from './source.js';
export { Repository } from './repository.js';
export { Note } from './note.js';
export { Media } from './media.js';
export { Submitter } from './submitter.js';

export function individuals(doc: GedcomDocumentLike): Individual[] {
  return doc.records.filter((r) => r.tag === 'INDI').map((r) => new Individual(r.root, doc));
}

export function families(doc: GedcomDocumentLike): Family[] {
  return doc.records.filter((r) => r.tag === 'FAM').map((r) => new Family(r.root, doc));
}

export function sources(doc: GedcomDocumentLike): Source[] {
  return doc.records.filter((r) => r.tag === 'SOUR').map((r) => new Source(r.root, doc));
}

export function repositories(doc: GedcomDocumentLike): Repository[] {
  return doc.records.filter((r) => r.tag === 'REPO').map((r) => new Repository(r.root));
}

/** NOTE records (5.x) and SNOTE records (7.0). */
export function notes(doc: GedcomDocumentLike): Note[] {
  return doc.records.filter((r) => r.tag === 'NOTE' || r.tag === 'SNOTE').map((r) => new Note(r.root, doc));
}

export function mediaObjects(doc: GedcomDocumentLike): Media[] {
  return doc.records.filter((r) => r.tag === 'OBJE').map((r) => new Media(r.root));
}

export function submitters(doc: GedcomDocumentLike): Submitter[] {
  return doc.records.filter((r) => r.tag === 'SUBM').map((r) => new Submitter(r.root));
}
