import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { lockWorkspace, WorkspaceInUse, WorkspaceLockFailed } from '../../src/infra/workspace/workspace-lock.js';

describe('the workspace lock', () => {
  it('is held by one holder at a time, names it to the next, and is free again once released', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'workspace-lock-'));
    const held = lockWorkspace(workspace, 4242);
    // the holder records its pid in the background
    await vi.waitFor(() => expect(readFileSync(join(workspace, 'service.lock.pid'), 'utf8')).toBe('4242\n'));
    let refusal: unknown = null;
    try {
      lockWorkspace(workspace, 4343);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(WorkspaceInUse);
    expect(refusal).toMatchObject({ holderPid: 4242, message: 'the workspace is in use by another process (pid 4242)' });
    held.release();
    held.release();
    const next = lockWorkspace(workspace, 4343);
    next.release();
  });

  it('refuses without a pid when the holder has not recorded one', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'workspace-lock-'));
    const held = lockWorkspace(workspace, 4242);
    await vi.waitFor(() => expect(existsSync(join(workspace, 'service.lock.pid'))).toBe(true));
    rmSync(join(workspace, 'service.lock.pid'));
    expect(() => lockWorkspace(workspace, 1)).toThrow(new WorkspaceInUse(null));
    writeFileSync(join(workspace, 'service.lock.pid'), 'not a pid\n');
    expect(() => lockWorkspace(workspace, 1)).toThrow(new WorkspaceInUse(null));
    held.release();
  });

  it('fails as such where the lock file cannot be made', () => {
    const notAFolder = join(mkdtempSync(join(tmpdir(), 'workspace-lock-')), 'file');
    writeFileSync(notAFolder, '');
    expect(() => lockWorkspace(notAFolder, 1)).toThrow(WorkspaceLockFailed);
  });
});
