import { TAG_PATTERN, XREF_PATTERN } from '../../contract/gedcom-schema-parts.js';

/** What a result section may list by name: tags and xrefs the contract's patterns hold (others are counted only). */
export const LISTABLE_TAG = new RegExp(TAG_PATTERN);
export const LISTABLE_XREF = new RegExp(XREF_PATTERN);
