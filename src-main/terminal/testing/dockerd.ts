/**
 * Test fixture: a private dockerd on a unix socket in a temporary directory, with a tiny
 * busybox image built from busybox-static (no registry is needed). Stopped by PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Docker from 'dockerode';
import { findBinary, run, stopChild, waitFor } from './processes';

export const TEST_IMAGE = 'localhost/busybox:test';

const APPLETS = [
  'sh',
  'echo',
  'cat',
  'ls',
  'sleep',
  'env',
  'pwd',
  'kill',
  'rm',
  'mv',
  'mkdir',
  'yes',
  'head',
  'base64',
  'seq',
  'wc',
  'tr',
  'stty',
  'sed',
  'grep',
  'true',
  'false',
  'printf',
  'id',
  'touch',
  'ps',
];

export interface DockerFixture {
  socketPath: string;
  image: string;
  docker: Docker;
  stop(): Promise<void>;
}

/** Why the fixture cannot run here, or undefined when it can. */
export async function dockerUnavailableReason(): Promise<string | undefined> {
  if (!(await findBinary('dockerd'))) return 'dockerd is not installed (apt-get install docker.io)';
  if (!(await findBinary('busybox'))) return 'busybox is not installed (apt-get install busybox-static)';
  return undefined;
}

export async function startDockerd(): Promise<DockerFixture> {
  const dockerd = await findBinary('dockerd');
  const busybox = await findBinary('busybox');
  if (!dockerd || !busybox) throw new Error('dockerd or busybox missing');
  const dir = await mkdtemp(join(tmpdir(), 'caduceus-dockerd-'));
  const socketPath = join(dir, 'docker.sock');
  const logFd = openSync(join(dir, 'dockerd.log'), 'a');
  const child: ChildProcess = spawn(
    dockerd,
    [
      '--host',
      `unix://${socketPath}`,
      '--data-root',
      join(dir, 'data'),
      '--exec-root',
      join(dir, 'exec'),
      '--pidfile',
      join(dir, 'dockerd.pid'),
      '--iptables=false',
      '--ip6tables=false',
      '--bridge=none',
      '--storage-driver=overlay2',
    ],
    { stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  const docker = new Docker({ socketPath });
  const stop = async (): Promise<void> => {
    await stopChild(child, 15_000);
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(await readFile(join(dir, 'dockerd.log'), 'utf8'));
        await docker.ping();
        return true;
      },
      60_000,
      'dockerd',
    );
    await importBusybox(docker, busybox, dir);
  } catch (error) {
    await stop();
    throw error;
  }
  return { socketPath, image: TEST_IMAGE, docker, stop };
}

async function importBusybox(docker: Docker, busybox: string, dir: string): Promise<void> {
  const root = join(dir, 'bb');
  for (const sub of ['bin', 'etc', 'tmp', 'root']) await mkdir(join(root, sub), { recursive: true });
  await copyFile(busybox, join(root, 'bin', 'busybox'));
  for (const applet of APPLETS) await symlink('busybox', join(root, 'bin', applet));
  await writeFile(join(root, 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/sh\n');
  const tarPath = join(dir, 'bb.tar');
  await run('tar', ['-C', root, '-cf', tarPath, '.']);
  const [repo, tag] = TEST_IMAGE.split(':');
  const progress = await docker.importImage(tarPath, { repo, tag });
  await new Promise<void>((resolve, reject) =>
    docker.modem.followProgress(progress, (error: Error | null) => (error ? reject(error) : resolve())),
  );
}
