import yauzl, { type Entry } from 'yauzl';
import { GedzipRefused } from './gedzip-refused.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const UTF8_FLAG = 0x800;
const UNICODE_PATH_FIELD = 0x7075;
/** Unix file type bits of the external attributes' high half, and the symbolic-link type. */
const UNIX_TYPE_MASK = 0o170000;
const UNIX_SYMLINK = 0o120000;
const MADE_BY_UNIX = 3;

/**
 * An entry's name as the archive means it: UTF-8 when flagged (or given in an Info-ZIP Unicode
 * path field), else UTF-8 when the bytes are UTF-8 (what most writers put there unflagged), else
 * code page 437. Backslashes are kept, so that a name holding one is refused rather than read as a folder.
 */
export function entryName(entry: Entry): string {
  const raw = entry.fileNameRaw;
  if ((entry.generalPurposeBitFlag & UTF8_FLAG) !== 0 || entry.extraFields.some((field) => field.id === UNICODE_PATH_FIELD))
    return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
  try {
    return UTF8.decode(raw);
  } catch {
    return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
  }
}

/** Refuses a name that could escape a folder it were extracted to, or that names nothing: absolute, a drive letter, `..`, a backslash, a control character. */
export function assertSafeName(name: string): void {
  const unsafe =
    name === '' ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.includes('\\') ||
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    /[\u0000-\u001f\u007f]/.test(name) ||
    name.split('/').some((segment) => segment === '..' || segment === '.');
  if (unsafe) throw new GedzipRefused('GEDZIP_UNSAFE_NAME');
}

/** True for an entry a Unix writer marked as a symbolic link. */
export function isSymlink(entry: Entry): boolean {
  return entry.versionMadeBy >>> 8 === MADE_BY_UNIX && ((entry.externalFileAttributes >>> 16) & UNIX_TYPE_MASK) === UNIX_SYMLINK;
}
