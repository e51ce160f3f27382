import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { GEDZIP_DATASET } from '../../contract/gedzip.js';

/** A local file a FILE structure names, found under the folder the user named: its path, its name in the archive and the payload that names it there. */
export interface LocalMedium {
  readonly path: string;
  readonly name: string;
  readonly payload: string;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const DRIVE = /^[A-Za-z]:[\\/]/;

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Where a payload may point on this machine: a 5.x path as written (backslashes as separators), or
 * a 7.0 URL as converted from one (`file:///abs/path`, or a relative reference, percent-decoded).
 */
function pathsOf(payload: string): string[] {
  if (payload.startsWith('file:///')) return [decoded(payload.slice('file://'.length))].filter((p): p is string => p !== null);
  if (SCHEME.test(payload) && !DRIVE.test(payload)) return [];
  const written = payload.replace(/\\/g, '/');
  const unescaped = decoded(written);
  return unescaped === null || unescaped === written ? [written] : [written, unescaped];
}

/** The real path of a regular file at `path`, or null (missing, a folder, unreadable). */
async function regularFile(path: string): Promise<string | null> {
  try {
    const real = await realpath(path);
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

/** A member name as a FilePath payload: each segment percent-encoded (GEDCOM 7.0 resolves it back with UTF-8). */
function payloadOf(name: string): string {
  return name.split('/').map(encodeURIComponent).join('/');
}

/**
 * The regular files under `folder` that `payloads` name (a path relative to the folder, or an
 * absolute path inside it; see `pathsOf`), keyed by payload. A payload naming
 * nothing there, a URL, or a file whose real path lies outside the folder (a symbolic link out of
 * it) is left out and stays as written. A file named `gedcom.ged` is carried as `gedcom-1.ged`
 * (the format reserves the name).
 */
export async function localMedia(payloads: readonly string[], folder: string): Promise<Map<string, LocalMedium>> {
  const root = await realpath(folder);
  const found = new Map<string, LocalMedium>();
  for (const payload of new Set(payloads)) {
    let real: string | null = null;
    for (const path of pathsOf(payload)) {
      real = await regularFile(isAbsolute(path) ? path : join(root, path));
      if (real !== null) break;
    }
    if (real === null) continue;
    const inside = relative(root, real);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) continue;
    let name = inside.split(sep).join('/');
    if (name === GEDZIP_DATASET) name = 'gedcom-1.ged';
    found.set(payload, { path: real, name, payload: payloadOf(name) });
  }
  return found;
}
