// A minimal Electron main-process start of the sidecar (docs/packaging.md). It runs under plain
// Node too: test/packaging/packaging.test.ts calls it with Node standing in for Electron.
//
//   import { app } from 'electron';
//   const sidecar = await startSidecar({ resourcesPath: process.resourcesPath, appBuild: app.getVersion() });
//
// The sidecar ships unpacked from the ASAR archive (its native modules cannot load from inside it):
//   <resources>/app.asar.unpacked/sidecar/{cli.js, sidecar.cjs, gedcom-worker.cjs, node_modules/...}
import { join } from 'node:path';
import { launchSidecar } from '@genealogy-sidecar/client';

/**
 * Starts the packaged sidecar with Electron's own binary in Node mode (ELECTRON_RUN_AS_NODE=1): the
 * launcher writes a fresh bearer on its stdin, reads the readiness line and verifies the proof.
 * Electron's utilityProcess.fork is the other way; it needs the same stdin handshake.
 */
export function startSidecar({ resourcesPath, appBuild, execPath = process.execPath, workspace, artifactRoot, env = {} }) {
  const folder = join(resourcesPath, 'app.asar.unpacked', 'sidecar');
  const args = [];
  if (workspace !== undefined) args.push('--workspace', workspace);
  if (artifactRoot !== undefined) args.push('--artifact-root', artifactRoot);
  return launchSidecar({ entry: join(folder, 'cli.js'), execPath, appBuild, args, env: { ELECTRON_RUN_AS_NODE: '1', ...env } });
}
