import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectKeepsCwdAndEnv,
  expectShutdownEndsProcesses,
  expectTimeoutEndsGrandchildren,
  markedService,
  runToEnd,
} from '../testing/backendScenarios';
import { SingularityBackend } from './singularity';

// No Debian package ships apptainer, so these tests put a stand-in CLI on PATH that records
// instance start/stop and runs `exec instance://NAME CMD...` on the host.
const FAKE_CLI = `#!/bin/sh
case "$1" in
  instance)
    echo "$*" >> "$FAKE_APPTAINER_LOG"
    for a; do image=$name; name=$a; done
    if [ "$2" = start ] && [ ! -e "$image" ]; then echo "FATAL: no image $image" >&2; exit 255; fi
    exit 0 ;;
  exec)
    name=\${2#instance://}
    grep -q "instance start .* $name\\$" "$FAKE_APPTAINER_LOG" || { echo "FATAL: no instance $name" >&2; exit 255; }
    shift 2
    exec "$@" ;;
esac
exit 1
`;

let dir: string;
let image: string;
let log: string;
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
    const { service, mark } = markedService({
      config: { backend: 'singularity', singularity: { image } },
    });
    await expectKeepsCwdAndEnv(service, { name: 'IN_INSTANCE', value: 'yes', exitCode: 0 });
    expect(await runToEnd(service, 'test -t 1 && echo tty', { pty: true })).toMatchObject({
      output: 'tty\r\n',
    });
    await expectTimeoutEndsGrandchildren(service);
    await expectShutdownEndsProcesses(service, mark);
    const calls = (await readFile(log, 'utf8')).trim().split('\n');
    expect(calls).toHaveLength(2);
    // Contained: no host home, no host /tmp and no $HOME bind; the image is the boundary.
    expect(calls[0]).toMatch(
      new RegExp(`^instance start --contain --no-home ${image} caduceus_task_[0-9a-f]{6}$`),
    );
    expect(calls[1]).toBe(calls[0]?.replace(`start --contain --no-home ${image}`, 'stop'));
  });
});
