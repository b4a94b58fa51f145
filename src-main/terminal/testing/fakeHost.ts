/** A scripted Host for the platforms that cannot run here: a file set, a registry, programs. */
import type { Host, RunOptions, RunResult } from '../platform/host';

export interface FakeHostOptions {
  platform: NodeJS.Platform;
  env?: Record<string, string>;
  homedir?: string;
  files?: string[];
  /** Registry values by `KEY\\value` (case-insensitive), as `reg query` would print them. */
  registry?: Record<string, string>;
  /** Answers for programs other than `reg`, by file name. */
  programs?: Record<string, (args: readonly string[], options: RunOptions) => Partial<RunResult>>;
}

export interface FakeHost extends Host {
  calls: Array<{ file: string; args: readonly string[]; options: RunOptions }>;
}

export function fakeHost(options: FakeHostOptions): FakeHost {
  const files = new Set((options.files ?? []).map((f) => f.toLowerCase()));
  const registry = new Map(Object.entries(options.registry ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const calls: FakeHost['calls'] = [];
  return {
    platform: options.platform,
    env: options.env ?? {},
    homedir: options.homedir ?? (options.platform === 'win32' ? 'C:\\Users\\me' : '/Users/me'),
    calls,
    isExecutable: async (path) => files.has(path.toLowerCase()),
    run: async (file, args, runOptions = {}) => {
      calls.push({ file, args, options: runOptions });
      const done = { stdout: '', stderr: '', exitCode: 0, timedOut: false };
      if (file === 'reg' && options.platform === 'win32') {
        const [, key = '', , value = ''] = args;
        const found = registry.get(`${key}\\${value}`.toLowerCase());
        if (found === undefined)
          return {
            ...done,
            exitCode: 1,
            stderr: 'ERROR: The system was unable to find the specified registry key or value.',
          };
        return { ...done, stdout: `\r\n${key}\r\n    ${value}    REG_SZ    ${found}\r\n\r\n` };
      }
      const program = options.programs?.[file];
      if (!program) return { ...done, exitCode: null, error: `spawn ${file} ENOENT` };
      return { ...done, ...program(args, runOptions) };
    },
  };
}
