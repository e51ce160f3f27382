import { readFileSync } from 'node:fs';

/** The sidecar's one source of the readiness proof. */
const SOURCE = new URL('../src/contract/readiness-proof.ts', import.meta.url);

/** The imports the proof may have, and where each points in the client: node built-ins stay, the contract identifier comes from the generated constants. */
const CLIENT_IMPORTS: ReadonlyMap<string, string> = new Map([
  ['node:crypto', 'node:crypto'],
  ['./api-version.js', './contract-constants.js'],
]);

/**
 * The paired client's readiness proof (client/generated/readiness-proof.ts), generated from the one
 * source the sidecar answers /health with (src/contract/readiness-proof.ts): the same module text,
 * with its import of the contract identifier pointed at the client's generated constants. Any other
 * import would pull src/ into the client package, so it fails the generation.
 */
export function clientReadinessProofText(): string {
  const source = readFileSync(SOURCE, 'utf8');
  const text = source.replace(/^(import [^;]* from ')([^']+)(';)$/gm, (_line, head: string, from: string, tail: string) => {
    const target = CLIENT_IMPORTS.get(from);
    if (target === undefined)
      throw new Error(`src/contract/readiness-proof.ts imports ${from}; the client can only take ${[...CLIENT_IMPORTS.keys()].join(', ')}`);
    return `${head}${target}${tail}`;
  });
  return `// Generated from src/contract/readiness-proof.ts by scripts/contract.ts. Do not edit.\n${text}`;
}
