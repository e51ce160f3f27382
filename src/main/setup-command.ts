import { provisionLocalState } from './compositions/commands.js';

/** `setup [--config FILE] [--workspace DIR]`: explicit provisioning; exit 0, or 3 when refused with its reason. */
export async function setupCommand(options: { readonly configPath?: string; readonly workspace?: string }): Promise<number> {
  const outcome = await provisionLocalState(options);
  if (!outcome.ok) {
    process.stderr.write(`setup refused: ${outcome.reason}\n`);
    return 3;
  }
  process.stdout.write(outcome.created.length === 0 ? 'setup: everything was already in place\n' : `setup: created ${outcome.created.join(', ')}\n`);
  return 0;
}
