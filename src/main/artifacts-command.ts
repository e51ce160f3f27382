import { isArtifactScope } from '../infra/artifacts/file-artifact-registry.js';
import { artifactStore } from './compositions/commands.js';
import { isServiceError } from '../app/service-error.js';

/**
 * `artifacts import FILE --operation gedcom.<op> --artifact-root DIR`: copies a host file into the
 * registry, read-only, and prints its grant as one JSON line. `artifacts export GRANT --out FILE
 * --artifact-root DIR`: copies an output artifact (scope `gedcom.output`) out to a new host file.
 * Main-process facilities: no route can do either. Exit 0, else 64 (usage) or 65 (refused) with
 * one stable code on stderr.
 */
export async function artifactsCommand(positionals: readonly string[], flags: ReadonlyMap<string, string | true>): Promise<number> {
  const fail = (code: string, exit: number): number => {
    process.stderr.write(`${JSON.stringify({ event: 'artifacts.failed', code })}\n`);
    return exit;
  };
  const [action, subject] = positionals;
  const root = flags.get('artifact-root');
  if (typeof root !== 'string' || subject === undefined) return fail('ARTIFACTS_USAGE', 64);
  const registry = artifactStore(root);
  try {
    if (action === 'import') {
      const operation = flags.get('operation');
      if (typeof operation !== 'string' || !isArtifactScope(operation) || operation === 'gedcom.output') return fail('ARTIFACTS_USAGE', 64);
      const minted = await registry.importFile(subject, operation);
      process.stdout.write(`${JSON.stringify({ grant: minted.grant, scope: minted.scope, bytes: minted.bytes, sha256: minted.sha256, expires_at: new Date(minted.expiresAt).toISOString() })}\n`);
      return 0;
    }
    if (action === 'export') {
      const out = flags.get('out');
      if (typeof out !== 'string') return fail('ARTIFACTS_USAGE', 64);
      await registry.exportTo(subject, 'gedcom.output', out);
      return 0;
    }
    return fail('ARTIFACTS_USAGE', 64);
  } catch (error) {
    if (isServiceError(error)) return fail(error.code, 65);
    const code = (error as { code?: unknown }).code;
    return fail(typeof code === 'string' && /^E[A-Z]+$/.test(code) ? `ARTIFACTS_${code}` : 'ARTIFACTS_FAILED', 65);
  }
}
