import { describe, expect, it } from 'vitest';
import { escapeAddressValue, unixSocketAddress, unixSockets } from '../../src/infra/keyring/dbus-address.js';
import { keyringStoreOf } from '../../src/infra/platform/host-platform.js';

describe('session bus addresses', () => {
  it('reads unix paths and abstract sockets in order, with %-escapes and the GUID, and skips other transports', () => {
    expect(unixSockets('unix:path=/run/user/1000/bus')).toEqual([{ path: '/run/user/1000/bus', guid: null }]);
    expect(unixSockets('unix:abstract=/tmp/dbus-Xy12,guid=0f1e')).toEqual([{ path: '\0/tmp/dbus-Xy12', guid: '0f1e' }]);
    expect(unixSockets('tcp:host=localhost,port=4000;unix:path=/tmp/my%20bus;unix:path=/b').map((socket) => socket.path)).toEqual(['/tmp/my bus', '/b']);
    expect(unixSockets('')).toEqual([]);
    expect(unixSockets('unix:tmpdir=/tmp')).toEqual([]);
    expect(unixSockets('launchd:env=DBUS_LAUNCHD_SESSION_BUS_SOCKET')).toEqual([]);
  });

  it('skips an entry with a bad escape or a character that must be escaped', () => {
    expect(unixSockets('unix:path=/tmp/a%2;unix:path=/b')).toEqual([{ path: '/b', guid: null }]);
    expect(unixSockets('unix:path=/tmp/a b;unix:path=/c')).toEqual([{ path: '/c', guid: null }]);
    expect(unixSockets('unix:path=/tmp/%ff')).toEqual([]);
  });

  it('escapes every byte outside [-0-9A-Za-z_/.\\*], so that a path with , = ; % or spaces comes back whole', () => {
    const hostile = ['/run/user/1000/a,b', '/tmp/key=value', '/tmp/one;two', '/tmp/100%', '/home/my user/bus', '/tmp/ä,=;% x'];
    for (const path of hostile) {
      const address = unixSocketAddress(path);
      expect(address).toMatch(/^unix:path=[-0-9A-Za-z_/.\\*%]+$/);
      expect(unixSockets(address)).toEqual([{ path, guid: null }]);
    }
    expect(escapeAddressValue('/a b,c=d;e%f')).toBe('/a%20b%2cc%3dd%3be%25f');
    expect(escapeAddressValue('/plain/path-1_2.x')).toBe('/plain/path-1_2.x');
  });

  it('the per-user bus under XDG_RUNTIME_DIR is written escaped', () => {
    const choice = keyringStoreOf({ os: 'linux', env: { XDG_RUNTIME_DIR: '/run/user/1000,guid=evil;unix:path=/tmp/x' }, home: '/home/u' });
    expect(choice).toEqual({ name: 'secret-service', busAddress: unixSocketAddress('/run/user/1000,guid=evil;unix:path=/tmp/x/bus') });
    if (choice.name !== 'secret-service' || choice.busAddress === null) throw new Error('expected a bus address');
    expect(unixSockets(choice.busAddress)).toEqual([{ path: '/run/user/1000,guid=evil;unix:path=/tmp/x/bus', guid: null }]);
  });
});
