// The compositions of the commands other than `serve`: what each needs of the world, built here so
// the command files only parse, call and report.
import { FileArtifactRegistry } from '../../infra/artifacts/file-artifact-registry.js';
import { OsKeyring } from '../../infra/keyring/os-keyring.js';
import { setup, type SetupOutcome } from '../../infra/local-state/provisioning.js';
import { hostPlatform } from './host.js';

/** `setup`: provisions workspace, database key and database against the OS keyring. */
export function provisionLocalState(options: { readonly configPath?: string; readonly workspace?: string }): Promise<SetupOutcome> {
  const platform = hostPlatform();
  return setup({ ...options, platform }, new OsKeyring(platform));
}

/** `artifacts`: the artifact registry under `root`. */
export function artifactStore(root: string): FileArtifactRegistry {
  return new FileArtifactRegistry(root);
}
