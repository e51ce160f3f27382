// Regenerates the committed contract (openapi-v1.json) and the paired client's types from it, the
// client's constants and readiness proof from src/contract, and docs/error-codes.md.
// `--check` writes nothing and fails when either file differs from what the code generates.
import { readFile, writeFile } from 'node:fs/promises';
import { contractDocumentText, errorCodesDocumentText } from '../src/main/contract-document.js';
import { clientTypesText } from './client-types.js';
import { clientConstantsText } from './client-constants.js';
import { clientReadinessProofText } from './client-readiness-proof.js';
import { clientSchemasText } from './client-schemas.js';

const check = process.argv.includes('--check');
const documentText = contractDocumentText();
const typesText = await clientTypesText(documentText);
const targets: Array<[string, string]> = [
  ['openapi-v1.json', documentText],
  ['client/generated/openapi-v1.ts', typesText],
  ['client/generated/contract-constants.ts', clientConstantsText()],
  ['client/generated/readiness-proof.ts', clientReadinessProofText()],
  ['client/generated/response-schemas.ts', clientSchemasText(documentText)],
  ['docs/error-codes.md', errorCodesDocumentText()],
];
let drift = false;
for (const [file, text] of targets) {
  const current = await readFile(file, 'utf8').catch(() => '');
  if (current === text) continue;
  if (check) {
    drift = true;
    process.stderr.write(`${file} differs from the generated contract; run npm run contract\n`);
  } else {
    await writeFile(file, text);
    process.stdout.write(`wrote ${file}\n`);
  }
}
process.exit(drift ? 1 : 0);
