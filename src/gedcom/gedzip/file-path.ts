/**
 * A FILE payload (GEDCOM 7.0 data type FilePath) as a GEDZIP member name. In a GEDZIP, "the URL of
 * the local file is a zip archive filename": a URL without a scheme, not beginning with `/`,
 * without a `..` segment, a backslash (written or escaped), a query or a fragment. Its
 * percent-encoded bytes are UTF-8 (`media/CharlotteBront%C3%AB.jpg` names `media/CharlotteBrontë.jpg`).
 */

/** What a FILE payload names: a member of the archive, a file elsewhere (a URL with a scheme), or nothing an archive can hold. */
export type FileReference = { readonly kind: 'member'; readonly name: string } | { readonly kind: 'external' } | { readonly kind: 'unusable' };

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const UNUSABLE: FileReference = { kind: 'unusable' };

export function fileReferenceOf(payload: string): FileReference {
  if (SCHEME.test(payload)) return { kind: 'external' };
  if (payload === '' || payload.startsWith('/') || /[?#\\]|%5c/i.test(payload)) return UNUSABLE;
  let name: string;
  try {
    name = decodeURIComponent(payload);
  } catch {
    // a lone `%` or bytes that are not UTF-8
    return UNUSABLE;
  }
  if (name.startsWith('/') || name.includes('\\') || name.split('/').some((segment) => segment === '..' || segment === '')) return UNUSABLE;
  return { kind: 'member', name };
}
