/**
 * A real Secret Service for tests: a private session bus (dbus-daemon) and an unlocked
 * gnome-keyring on it, both children of the test process, stopped by `stop`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';

export interface SecretService {
  /** The environment a process needs to reach it. */
  readonly env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

async function firstLine(child: ChildProcess): Promise<string> {
  let out = '';
  for await (const chunk of child.stdout!) {
    out += String(chunk);
    if (out.includes('\n')) return out.split('\n')[0]!.trim();
  }
  throw new Error('dbus-daemon ended without printing its address');
}

function hasOwner(env: NodeJS.ProcessEnv, name: string): boolean {
  const reply = spawnSync(
    'dbus-send',
    [
      '--session',
      '--print-reply',
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      `string:${name}`,
    ],
    { env, encoding: 'utf8' },
  );
  return reply.stdout.includes('boolean true');
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = once(child, 'exit');
  child.kill('SIGKILL');
  await ended;
}

export async function startSecretService(): Promise<SecretService> {
  const dir = await mkdtemp(join(tmpdir(), 'caduceus-secret-service-'));
  await mkdir(join(dir, 'run'), { mode: 0o700 });
  const bus = spawn(
    'dbus-daemon',
    ['--session', '--nofork', '--print-address=1', `--address=unix:path=${dir}/bus`],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const children: ChildProcess[] = [bus];
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const env = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: await firstLine(bus),
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_RUNTIME_DIR: join(dir, 'run'),
    };
    const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
      env,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    children.push(keyring);
    keyring.stdin.end('pw');
    for (;;) {
      if (hasOwner(env, 'org.freedesktop.secrets')) break;
      if (keyring.exitCode !== null) throw new Error('gnome-keyring-daemon exited at start');
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { env, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
