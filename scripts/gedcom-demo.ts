// The main job's GEDCOM demo: imports a file as an artifact (the main process's CLI), runs
// inspect and quality through the API, draws a live progress bar from each job's SSE stream,
// and prints the summaries. Uses only the paired client.
import { LocalArtifactStore, type LaunchedSidecar } from '../client/index.js';

const BAR_WIDTH = 30;

function bar(fraction: number, label: string): string {
  const filled = Math.round(Math.min(1, Math.max(0, fraction)) * BAR_WIDTH);
  return `  ${label.padEnd(9)} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%`;
}

/** Runs one operation and follows its job to the end; answers the job id when it succeeded. */
async function runOperation(sidecar: LaunchedSidecar, operation: 'inspect' | 'quality', grant: string): Promise<string> {
  const client = sidecar.client();
  const submitted = await client.api.POST(`/api/v1/gedcom/${operation}`, { body: { source: grant, execution: { mode: 'offline' } } });
  if (submitted.data === undefined) throw new Error(`${operation} was refused (HTTP ${submitted.response.status})`);
  const jobId = submitted.data.job_id;
  const tty = process.stdout.isTTY === true;
  let stage = 'queued';
  let last = '';
  for await (const item of client.jobs.follow(jobId)) {
    const state = item.type === 'event' ? item.event.state : item.snapshot.state;
    const progress = item.type === 'event' ? item.event.progress : item.snapshot.progress;
    if (progress !== null) {
      stage = progress.stage ?? stage;
      const fraction = progress.total !== null && progress.total !== undefined && progress.total > 0 ? progress.completed / progress.total : 0;
      const line = bar(fraction, operation) + ` ${stage}`;
      if (tty) process.stdout.write(`\r${line}\u001b[K`);
      last = line;
    }
    if (state === 'succeeded' || state === 'failed' || state === 'cancelled' || state === 'interrupted') {
      const done = bar(state === 'succeeded' ? 1 : 0, operation) + ` ${state}`;
      process.stdout.write(tty ? `\r${done}\u001b[K\n` : `${last === '' ? '' : `${last}\n`}${done}\n`);
      if (state !== 'succeeded') throw new Error(`${operation} ended ${state}`);
      return jobId;
    }
  }
  throw new Error(`${operation}: the event stream ended before the job did`);
}

/** The demo: import, inspect, quality, summaries. */
export async function gedcomDemo(sidecar: LaunchedSidecar, entry: string, artifactRoot: string, file: string, bold: (text: string) => string): Promise<void> {
  const importer = new LocalArtifactStore(artifactRoot);
  console.log(bold('\nGEDCOM demo:'));
  const inspectGrant = await importer.importFile(file, 'gedcom.inspect');
  const qualityGrant = await importer.importFile(file, 'gedcom.quality');
  console.log(`  imported ${(inspectGrant.bytes / 1e6).toFixed(1)} MB as artifact grants (sha256 ${inspectGrant.sha256.slice(0, 12)}...)`);
  const client = sidecar.client();
  const inspectJob = await runOperation(sidecar, 'inspect', inspectGrant.grant);
  const inspect = (await client.api.GET('/api/v1/gedcom/jobs/{job_id}/result', { params: { path: { job_id: inspectJob } } })).data?.inspect ?? null;
  if (inspect !== null) {
    const types = inspect.records.by_type
      .slice(0, 6)
      .map((entry) => `${entry.tag} ${entry.count}`)
      .join(', ');
    console.log(
      `  version ${inspect.version.declared ?? 'none'} (${inspect.version.supported ? 'supported' : 'not supported'}), encoding ${inspect.encoding.detected}, ${inspect.lines.count} lines, ${inspect.records.total} records: ${types}`,
    );
    if (!inspect.version.supported) {
      console.log('  quality needs a supported version; see the inspect result for its probable version.');
      return;
    }
  }
  const qualityJob = await runOperation(sidecar, 'quality', qualityGrant.grant);
  const quality = (await client.api.GET('/api/v1/gedcom/jobs/{job_id}/result', { params: { path: { job_id: qualityJob } } })).data?.quality ?? null;
  if (quality !== null) {
    console.log(
      `  ${quality.scope.individuals} individuals, ${quality.scope.families} families; ${quality.totals.error} errors, ${quality.totals.warning} warnings, ${quality.totals.info} notes; ${quality.probably_living} probably living`,
    );
    for (const rule of quality.rules.filter((entry) => entry.count > 0).slice(0, 8))
      console.log(`    ${rule.severity.padEnd(8)} ${rule.rule.padEnd(28)} ${rule.count}`);
  }
}
