import { describe, expect, it } from 'vitest';
import { platformOf, StartupReport } from '../../src/app/diagnostics/startup-report.js';
import type { StartupCode } from '../../src/contract/diagnostics.js';

const READY = { configuration: 'configuration.ok', database: 'database.ok', keyring: 'keyring.ok', workspace: 'workspace.ok' } as const;

describe('StartupReport', () => {
  it('is ready with four components in a fixed order when nothing is blocked', async () => {
    const report = new StartupReport(READY, platformOf('linux', 'x64'));
    expect((await report.checked()).status).toBe('ready');
    expect((await report.checked()).components.map((component) => component.component)).toEqual(['configuration', 'database', 'keyring', 'workspace']);
    expect(report.mutationsBlocked).toBe(false);
  });

  it('a warning does not degrade; a blocked component degrades and blocks mutations', () => {
    expect(new StartupReport({ ...READY, workspace: 'workspace.low_disk' }, platformOf('linux', 'x64')).degraded).toBe(false);
    const blocked = new StartupReport({ ...READY, keyring: 'keyring.locked' }, platformOf('linux', 'x64'));
    expect(blocked.degraded).toBe(true);
    expect(blocked.mutationsBlocked).toBe(true);
  });

  it('a report with an unknown code is never sent: checked() fails safely', async () => {
    const report = new StartupReport({ ...READY, database: 'database.exploded' as StartupCode }, platformOf('linux', 'x64'));
    await expect(report.checked()).rejects.toEqual(expect.objectContaining({ code: 'INTERNAL_FAILURE' }));
  });

  it('maps platforms and architectures it does not know to unsupported', () => {
    expect(platformOf('darwin', 'arm64')).toEqual({ operating_system: 'macos', architecture: 'arm64' });
    expect(platformOf('sunos', 'ppc64')).toEqual({ operating_system: 'unsupported', architecture: 'unsupported' });
  });
});
