/** Test fixture: an OpenSSH server on 127.0.0.1 with throwaway host and client keys. Stopped by PID. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { findBinary, freePort, run, stopChild, waitFor } from './processes';

export interface SshdFixture {
  host: string;
  port: number;
  username: string;
  privateKeyPath: string;
  /** A known_hosts file that trusts this server. */
  knownHostsPath: string;
  /** The server's host key line, `ssh-ed25519 AAAA...`. */
  hostKey: string;
  /** Kills the per-connection server processes: every open connection drops, the listener stays. */
  dropConnections(): Promise<number>;
  stop(): Promise<void>;
}

export async function sshdUnavailableReason(): Promise<string | undefined> {
  if (!(await findBinary('sshd'))) return 'sshd is not installed (apt-get install openssh-server)';
  if (!(await findBinary('ssh-keygen')))
    return 'ssh-keygen is not installed (apt-get install openssh-client)';
  return undefined;
}

export async function startSshd(): Promise<SshdFixture> {
  const sshd = await findBinary('sshd');
  if (!sshd) throw new Error('sshd missing');
  const dir = await mkdtemp(join(tmpdir(), 'caduceus-sshd-'));
  await mkdir('/run/sshd', { recursive: true });
  const hostKeyPath = join(dir, 'host_ed25519');
  const privateKeyPath = join(dir, 'client_ed25519');
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKeyPath]);
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', privateKeyPath]);
  await writeFile(join(dir, 'authorized_keys'), await readFile(`${privateKeyPath}.pub`));
  const port = await freePort();
  const hostKey = (await readFile(`${hostKeyPath}.pub`, 'utf8')).trim().split(' ').slice(0, 2).join(' ');
  const knownHostsPath = join(dir, 'known_hosts');
  await writeFile(knownHostsPath, `[127.0.0.1]:${port} ${hostKey}\n`);
  const configPath = join(dir, 'sshd_config');
  await writeFile(
    configPath,
    [
      'ListenAddress 127.0.0.1',
      `Port ${port}`,
      `HostKey ${hostKeyPath}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      'StrictModes no',
      'UsePAM no',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PermitRootLogin prohibit-password',
      'LogLevel ERROR',
      // bash skips ~/.bashrc below SHLVL 2: keeps this machine's rc files (and their locks) out of tests.
      'SetEnv SHLVL=1',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(sshd, ['-D', '-e', '-f', configPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async (): Promise<void> => {
    await dropConnections(child);
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`sshd exited: ${log}`);
        return canConnect(port);
      },
      10_000,
      'sshd',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    username: userInfo().username,
    privateKeyPath,
    knownHostsPath,
    hostKey,
    dropConnections: () => dropConnections(child),
    stop,
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** SIGKILLs the children of the listening sshd (one per connection); returns how many. */
async function dropConnections(child: ChildProcess): Promise<number> {
  if (child.pid === undefined) return 0;
  let count = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === child.pid) {
      try {
        process.kill(Number(entry), 'SIGKILL');
        count++;
      } catch {
        // already gone
      }
    }
  }
  return count;
}
