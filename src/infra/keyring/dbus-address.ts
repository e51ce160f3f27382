/**
 * D-Bus server addresses (D-Bus specification, "Server Addresses"): `transport:key=value,...`
 * entries separated by `;`, where a value's bytes outside `[-0-9A-Za-z_/.\*]` are written as `%`
 * and two hex digits of the UTF-8 byte. Decoding takes only that escape: an entry with a bad one is
 * not an address and is skipped.
 */

/** The bytes a value may hold unescaped. */
const OPTIONALLY_ESCAPED = /^[-0-9A-Za-z_/.\\*]$/;

/** A value written for an address: every byte outside the optionally-escaped set %-escaped. */
export function escapeAddressValue(value: string): string {
  let escaped = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const character = String.fromCharCode(byte);
    escaped += byte < 0x80 && OPTIONALLY_ESCAPED.test(character) ? character : `%${byte.toString(16).padStart(2, '0')}`;
  }
  return escaped;
}

/** The address of the unix socket at `path`. */
export function unixSocketAddress(path: string): string {
  return `unix:path=${escapeAddressValue(path)}`;
}

/** A value's text, or null when it holds a character an address must escape or a bad escape. */
function unescapeAddressValue(value: string): string | null {
  const bytes: number[] = [];
  for (let at = 0; at < value.length; at++) {
    const character = value[at] ?? '';
    if (character === '%') {
      const hex = value.slice(at + 1, at + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
      bytes.push(Number.parseInt(hex, 16));
      at += 2;
    } else if (OPTIONALLY_ESCAPED.test(character)) {
      bytes.push(character.charCodeAt(0));
    } else {
      return null;
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

/** A unix socket to connect to, with the server's GUID when the address names one. */
export interface UnixSocketAddress {
  /** A file path, or an abstract socket name with its leading NUL (Linux). */
  readonly path: string;
  readonly guid: string | null;
}

/** The unix sockets of an address (`unix:path=...` and Linux's `unix:abstract=...`) in its order; other transports are skipped. */
export function unixSockets(address: string): UnixSocketAddress[] {
  const sockets: UnixSocketAddress[] = [];
  for (const entry of address.split(';')) {
    const colon = entry.indexOf(':');
    if (colon < 0 || entry.slice(0, colon) !== 'unix') continue;
    const keys = new Map<string, string>();
    let valid = true;
    for (const pair of entry.slice(colon + 1).split(',')) {
      const equals = pair.indexOf('=');
      const value = equals > 0 ? unescapeAddressValue(pair.slice(equals + 1)) : null;
      if (value === null) valid = false;
      else keys.set(pair.slice(0, equals), value);
    }
    if (!valid) continue;
    const path = keys.get('path');
    const abstract = keys.get('abstract');
    const guid = keys.get('guid') ?? null;
    if (path !== undefined) sockets.push({ path, guid });
    else if (abstract !== undefined) sockets.push({ path: `\0${abstract}`, guid });
  }
  return sockets;
}
