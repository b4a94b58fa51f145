/**
 * Lets a sandboxed command reach chosen ports on the host's loopback (the RPC server that
 * execute_code scripts call tools through) while the rest of the network stays off.
 *
 * The command runs in its own network namespace, where 127.0.0.1 is not the host's. Host side,
 * a unix socket forwards to the port; inside, socat listens on the same port and connects to
 * that socket. socat must start before the seccomp filter that forbids new unix sockets, so it
 * runs from a small launcher that the library is told is its seccomp helper: the launcher
 * starts the relays, then execs the real helper.
 */
import { writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { getApplySeccompBinaryPath } from '@anthropic-ai/sandbox-runtime/dist/sandbox/generate-seccomp-filter.js';
import { shQuote } from '../../src-shared/shellQuote';
import { processFolder } from './processFolder';

export const RELAYS_ENV = 'CADUCEUS_SANDBOX_RELAYS';

/**
 * The library's seccomp helper. In the packaged app it is unpacked beside the archive (see
 * electron-builder.yml): bwrap executes it by path and cannot look inside app.asar.
 */
export function seccompHelperPath(): string | undefined {
  const path = getApplySeccompBinaryPath();
  return path?.replace(/([/\\])app\.asar([/\\])/, '$1app.asar.unpacked$2') ?? undefined;
}

export interface LoopbackRelays {
  /** `port=socket` pairs for the launcher, in RELAYS_ENV. */
  spec: string;
  close(): Promise<void>;
}

export async function startLoopbackRelays(ports: readonly number[]): Promise<LoopbackRelays> {
  const dir = processFolder();
  const servers: Server[] = [];
  const pairs: string[] = [];
  for (const port of ports) {
    const socketPath = join(dir, `relay-${port}-${Math.random().toString(36).slice(2, 10)}.sock`);
    const server = createServer((inbound) => {
      const outbound = createConnection({ host: '127.0.0.1', port });
      inbound.pipe(outbound).pipe(inbound);
      const end = () => {
        inbound.destroy();
        outbound.destroy();
      };
      inbound.on('error', end);
      outbound.on('error', end);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, resolve);
    });
    servers.push(server);
    pairs.push(`${port}=${socketPath}`);
  }
  return {
    spec: pairs.join(' '),
    close: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}

/** The folder the launchers were written to, and the launcher written there for each socat. */
let launchers = { folder: '', bySocat: new Map<string, string>() };

/** The launchers in the process's folder now: a folder removed (and made again) took its own. */
function currentLaunchers(): typeof launchers {
  const folder = processFolder();
  if (launchers.folder !== folder) launchers = { folder, bySocat: new Map() };
  return launchers;
}

/**
 * The launcher script for this socat; undefined when the library has no seccomp helper for
 * this machine (then no relay can start before a filter, and none is needed).
 */
export function relayLauncher(socatPath: string): string | undefined {
  const helper = seccompHelperPath();
  if (!helper) return undefined;
  const { folder, bySocat } = currentLaunchers();
  const known = bySocat.get(socatPath);
  if (known) return known;
  // Shell built-ins only until the exec: a program found on PATH here would run unfiltered.
  const script = [
    '#!/bin/sh',
    '_n=0',
    `for _r in $${RELAYS_ENV}; do`,
    `  ${shQuote(socatPath)} TCP4-LISTEN:"\${_r%%=*}",bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:"\${_r#*=}" >/dev/null 2>&1 &`,
    '  _n=$((_n + 1))',
    'done',
    '_since=',
    'while [ "$_n" -gt 0 ] && [ -r /proc/net/sockstat ]; do',
    '  _up=0',
    '  while read -r _kind _skip _inuse _skip; do',
    '    case "$_kind" in TCP:) _up=$_inuse; break ;; esac',
    '  done < /proc/net/sockstat',
    '  [ "$_up" -lt "$_n" ] || break',
    '  read -r _now _skip < /proc/uptime || break',
    '  _now=1${_now%.*}${_now#*.}',
    '  [ "$((_now - ${_since:=$_now}))" -lt 100 ] || break',
    'done',
    `unset _n _r _since _up _kind _skip _inuse _now ${RELAYS_ENV}`,
    `exec ${shQuote(helper)} "$@"`,
    '',
  ].join('\n');
  const path = join(folder, `launch-${bySocat.size}.sh`);
  writeFileSync(path, script, { mode: 0o500 });
  bySocat.set(socatPath, path);
  return path;
}
