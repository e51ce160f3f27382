import { describe, expect, it } from 'vitest';
import { unixSocketPaths } from '../../src/infra/keyring/dbus-connection.js';

describe('session bus addresses', () => {
  it('reads unix paths and abstract sockets in order, with %-escapes, and skips other transports', () => {
    expect(unixSocketPaths('unix:path=/run/user/1000/bus')).toEqual(['/run/user/1000/bus']);
    expect(unixSocketPaths('unix:abstract=/tmp/dbus-Xy12,guid=0f1e')).toEqual(['\0/tmp/dbus-Xy12']);
    expect(unixSocketPaths('tcp:host=localhost,port=4000;unix:path=/tmp/my%20bus;unix:path=/b')).toEqual(['/tmp/my bus', '/b']);
    expect(unixSocketPaths('')).toEqual([]);
    expect(unixSocketPaths('unix:tmpdir=/tmp')).toEqual([]);
    expect(unixSocketPaths('launchd:env=DBUS_LAUNCHD_SESSION_BUS_SOCKET')).toEqual([]);
  });
});
