import { homedir } from 'node:os';
import type { HostPlatform } from '../../infra/platform/host-platform.js';

/** The platform this process runs on: the one place that reads it, handed down to everything that depends on it. */
export function hostPlatform(): HostPlatform {
  return { os: process.platform, env: { ...process.env }, home: homedir() };
}
