import { describe, expect, it } from 'vitest';
import type { JobSnapshot, JobSnapshotPage } from '../../src/contract/jobs.js';
import { call, eventually, openStream, snapshot, submitJob, waitTerminal } from '../support/job-stream.js';
import { localState } from '../support/local-state.js';
import { startSidecar, TEST_SIDECAR_ENTRY } from '../support/sidecar.js';

describe('job crash safety', () => {
  it('after SIGKILL with running jobs, a restart makes each of them interrupted exactly once, with one terminal event', async () => {
    const fixture = localState('unlocked');
    const launch = () => startSidecar({ entry: TEST_SIDECAR_ENTRY, env: fixture.secrets.env, args: ['--workspace', fixture.workspace] });
    try {
      const first = await launch();
      const finished = await submitJob(first, { progress_events: 2 });
      await waitTerminal(first, finished.job_id);
      const running: JobSnapshot[] = [];
      for (const progress of [0, 10, 300]) running.push(await submitJob(first, { progress_events: progress, hold: 'release', yield_every: 1000 }));
      for (const [index, job] of running.entries()) {
        const expected = 2 + [0, 10, 300][index]!;
        await eventually(async () => (await snapshot(first, job.job_id)).last_event_id === expected);
      }
      const watched = await openStream(first, running[2]!.job_id);
      await watched.waitForEvents(256);
      const seenBeforeCrash = Math.max(...watched.events.map((event) => event.sequence));

      first.child.kill('SIGKILL');
      expect(await first.exited()).toBe(null);
      await watched.finished;
      expect(watched.events.some((event) => event.kind === 'interrupted')).toBe(false);

      const second = await launch();
      const reconciled: JobSnapshot[] = [];
      for (const job of running) {
        const current = await snapshot(second, job.job_id);
        expect(current).toMatchObject({ state: 'interrupted', result_produced: false });
        expect(current.ended_at).not.toBeNull();
        reconciled.push(current);
        const stream = await openStream(second, job.job_id);
        await stream.finished;
        expect(stream.events.map((event) => event.kind)).toEqual(['interrupted']);
        expect(stream.events[0]?.sequence).toBe(current.last_event_id);
      }
      // The terminal id follows every id the crashed process sent; a resume from before it is told the gap expired.
      expect(reconciled[2]!.last_event_id).toBeGreaterThan(seenBeforeCrash);
      expect((await openStream(second, running[2]!.job_id, String(seenBeforeCrash))).error?.code).toBe('JOB_EVENT_REPLAY_EXPIRED');
      const resumed = await openStream(second, running[2]!.job_id, String(reconciled[2]!.last_event_id - 1));
      await resumed.finished;
      expect(resumed.events.map((event) => event.kind)).toEqual(['interrupted']);
      expect((await snapshot(second, finished.job_id)).state).toBe('succeeded');
      const listed = await call<JobSnapshotPage>(second, 'GET', '/api/v1/jobs');
      expect(listed.body.jobs.map((job) => job.job_id)).toEqual([...running.map((job) => job.job_id)].reverse().concat(finished.job_id));
      expect(await second.stop()).toBe(0);

      // A further restart changes nothing: the reconciliation happened once.
      const third = await launch();
      for (const [index, job] of running.entries()) expect(await snapshot(third, job.job_id)).toEqual(reconciled[index]);
      expect(await third.stop()).toBe(0);
    } finally {
      fixture.stop();
    }
  });

  it('a graceful stop interrupts running jobs and ends their open streams with the terminal event', async () => {
    const fixture = localState('unlocked');
    const launch = () => startSidecar({ entry: TEST_SIDECAR_ENTRY, env: fixture.secrets.env, args: ['--workspace', fixture.workspace] });
    try {
      const first = await launch();
      const job = await submitJob(first, { progress_events: 3, hold: 'release' });
      const stream = await openStream(first, job.job_id);
      await stream.waitForEvents(5);
      expect(await first.stop()).toBe(0);
      await stream.finished;
      expect(stream.events.at(-1)).toMatchObject({ kind: 'interrupted', sequence: 6 });
      const second = await launch();
      expect(await snapshot(second, job.job_id)).toMatchObject({ state: 'interrupted', last_event_id: 6 });
      expect(await second.stop()).toBe(0);
    } finally {
      fixture.stop();
    }
  });
});
