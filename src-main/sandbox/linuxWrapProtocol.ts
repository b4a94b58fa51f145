/** Messages between the sandbox and its wrap worker (linuxWrapWorker.ts). */
import type { wrapCommandWithSandboxLinux } from '@anthropic-ai/sandbox-runtime/dist/sandbox/linux-sandbox-utils.js';

export type LinuxWrapParams = Parameters<typeof wrapCommandWithSandboxLinux>[0];

export type ToWrapWorker = { t: 'wrap'; id: number; params: LinuxWrapParams } | { t: 'cleanup'; id: number };

export interface FromWrapWorker {
  id: number;
  command?: string;
  error?: string;
}

/**
 * The working directory the library is shown: private to one wrapper, so placeholders it makes
 * for a command let out of the write fence land neither in `/` nor in another sandbox's way.
 */
export interface WrapWorkerData {
  cwd: string;
}
