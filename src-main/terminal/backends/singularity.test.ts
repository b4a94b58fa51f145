import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TerminalService, type RunCommandResult } from '../service';
import { settleProcesses } from '../testing/procs';
import { SingularityBackend } from './singularity';

// No Debian package ships apptainer, so these tests put a stand-in CLI on PATH that records
// instance start/stop and runs `exec instance://NAME CMD...` on the host.
const FAKE_CLI = `#!/bin/sh
case "$1" in
  instance)
    echo "$*" >> "$FAKE_APPTAINER_LOG"
    if [ "$2" = start ] && [ ! -e "$3" ]; then echo "FATAL: no image $3" >&2; exit 255; fi
    exit 0 ;;
  exec)
    name=\${2#instance://}
    grep -q "instance start .* $name\\$" "$FAKE_APPTAINER_LOG" || { echo "FATAL: no instance $name" >&2; exit 255; }
    shift 2
    exec "$@" ;;
esac
exit 1
`;

const MARK = 'CADUCEUS_TEST_MARK';
let dir: string;
let image: string;
let log: string;
let mark: string;
const originalPath = process.env.PATH;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'caduceus-apptainer-'));
  await mkdir(join(dir, 'bin'));
  await writeFile(join(dir, 'bin', 'apptainer'), FAKE_CLI);
  await chmod(join(dir, 'bin', 'apptainer'), 0o755);
  image = join(dir, 'sandbox-image');
  await mkdir(image);
  log = join(dir, 'calls.log');
  await writeFile(log, '');
  process.env.FAKE_APPTAINER_LOG = log;
  mark = randomBytes(6).toString('hex');
});

afterAll(async () => {
  process.env.PATH = originalPath;
  await rm(dir, { recursive: true, force: true });
});

afterEach(() => {
  process.env.PATH = originalPath;
});

const withCli = () => (process.env.PATH = `${join(dir, 'bin')}${delimiter}${originalPath ?? ''}`);
const withoutCli = () => (process.env.PATH = '/nonexistent');

describe('singularity backend', () => {
  it('is unavailable when neither apptainer nor singularity exists', async () => {
    withoutCli();
    expect(await new SingularityBackend({ image }, 'k').isAvailable()).toEqual({
      available: false,
      reason: 'neither apptainer nor singularity is installed',
    });
  });

  it('needs an existing image', async () => {
    withCli();
    expect((await new SingularityBackend({}, 'k').isAvailable()).reason).toMatch(/no image configured/);
    expect(
      (await new SingularityBackend({ image: join(dir, 'missing.sif') }, 'k').isAvailable()).reason,
    ).toMatch(/does not exist/);
    expect(await new SingularityBackend({ image }, 'k').isAvailable()).toEqual({ available: true });
  });

  it('runs commands in one instance, keeps state, kills trees and stops the instance', async () => {
    withCli();
    const service = new TerminalService({
      config: { backend: 'singularity', singularity: { image }, env: { [MARK]: mark } },
    });
    const run = async (command: string, extra: object = {}) => {
      const result: RunCommandResult = await service.run({
        taskId: 'task',
        toolCallId: 'c',
        command,
        ...extra,
      });
      if (result.status !== 'completed') throw new Error('expected a foreground result');
      return result;
    };
    await run('cd /tmp && export IN_INSTANCE=yes');
    expect(await run('pwd; echo "$IN_INSTANCE"')).toMatchObject({ output: '/tmp\nyes\n', exitCode: 0 });
    expect(await run('test -t 1 && echo tty', { pty: true })).toMatchObject({ output: 'tty\r\n' });
    expect(await run('sh -c "sleep 300 & sleep 300"', { timeout: 1 })).toMatchObject({ timedOut: true });
    await service.run({ taskId: 'task', toolCallId: 'c', command: 'sleep 300', background: true });
    await service.shutdown();
    expect(await settleProcesses(MARK, mark)).toEqual([]);
    const calls = (await readFile(log, 'utf8')).trim().split('\n');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatch(new RegExp(`^instance start ${image} caduceus_task_[0-9a-f]{6}$`));
    expect(calls[1]).toBe(calls[0]?.replace(`start ${image}`, 'stop'));
  });
});
