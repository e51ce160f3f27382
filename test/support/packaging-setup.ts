import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What `npm run package` printed: the packaging test checks why it skipped the single executable, if it did. */
    packagingOutput: string;
  }
}

/** The packaging step (scripts/test-all.sh runs it after the suite): npm run package on the dist/ built before. */
export default function setup(project: TestProject): void {
  project.provide('packagingOutput', execFileSync(process.execPath, ['scripts/package.mjs', '--no-build'], { encoding: 'utf8' }));
}
