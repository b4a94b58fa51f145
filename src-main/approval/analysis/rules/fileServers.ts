/**
 * File servers that expose the home folder, a credential store or a system directory to the
 * network: Python's http.server, `php -S`, Ruby's un.rb httpd, npm's http-server, busybox httpd,
 * darkhttpd, miniserve, `caddy file-server`, `serve`, `git daemon`, `rsync --daemon` and a socat
 * listener handing out a file. Bound to loopback they reach no one else.
 */
import { protectedTarget, resolvePath } from '../paths';
import { isSecretPath } from './secrets';
import type { CommandView, DetectorTable, HitSink } from './types';
import { optionValues, splitOptions } from './types';
import { gitSubcommand } from './gitSubcommand';
import { outsideWorkspace } from '../workspace';

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])(?::\d+)?$/;

function exposedDir(cmd: CommandView, dir: string | undefined, bind: string | undefined, out: HitSink): void {
  if (bind !== undefined && LOOPBACK.test(bind)) return;
  const where = resolvePath(cmd.cwd, dir ?? '.');
  const why = where === '.' ? null : (protectedTarget(where) ?? (isSecretPath(where) ? where : null));
  if (why) out.hit('exposed-server', `${cmd.name} serves ${why}`);
}

/** `python -m http.server [--directory D] [--bind A]`: all interfaces by default. */
function pythonServer(cmd: CommandView, out: HitSink): void {
  const at = cmd.args.indexOf('-m');
  if (at < 0 || cmd.args[at + 1] !== 'http.server') return;
  const rest = cmd.args.slice(at + 2);
  exposedDir(cmd, optionValues(rest, 'd', ['directory'])[0], optionValues(rest, 'b', ['bind'])[0], out);
}

/** `php -S addr -t docroot`. */
function phpServer(cmd: CommandView, out: HitSink): void {
  const addr = optionValues(cmd.args, 'S', [])[0];
  if (addr === undefined) return;
  exposedDir(cmd, optionValues(cmd.args, 't', [])[0], addr.replace(/:\d+$/, ''), out);
}

/** `ruby -run -e httpd DIR [-p PORT] [-b ADDR]`: un.rb's file server, on every interface by default. */
function rubyServer(cmd: CommandView, out: HitSink): void {
  const run = cmd.args.findIndex((a) => a === '-run' || a === '-r' || a === '-run.rb');
  const e = cmd.args.indexOf('-e');
  if (run < 0 || e < 0 || cmd.args[e + 1] !== 'httpd') return;
  const rest = cmd.args.slice(e + 2);
  const dir = rest.find(
    (a, i) => !a.startsWith('-') && !/^-[pb]$|^--(?:port|bind-address)$/.test(rest[i - 1] ?? ''),
  );
  exposedDir(cmd, dir, optionValues(rest, 'b', ['bind-address'])[0], out);
}

/** `http-server [dir] [-a addr]` (all interfaces by default), `darkhttpd dir [--addr a]`, `miniserve dir [-i a]`. */
function dirServer(cmd: CommandView, out: HitSink): void {
  const valued =
    cmd.name === 'http-server'
      ? ['-a', '-p', '--port', '-c', '-e', '-P', '--proxy', '-C', '--cert', '-K', '--key', '-t', '-U']
      : cmd.name === 'darkhttpd'
        ? ['--addr', '--port', '--log', '--index', '--mimetypes', '--uid', '--gid', '--chroot', '--pidfile']
        : [
            '-i',
            '--interfaces',
            '-p',
            '--port',
            '-a',
            '--auth',
            '-u',
            '--upload-files',
            '-c',
            '--color-scheme',
          ];
  const dir = cmd.args.find((a, i) => !a.startsWith('-') && !valued.includes(cmd.args[i - 1] ?? ''));
  const bind =
    cmd.name === 'http-server'
      ? optionValues(cmd.args, 'a', [])[0]
      : cmd.name === 'darkhttpd'
        ? optionValues(cmd.args, null, ['addr'])[0]
        : optionValues(cmd.args, 'i', ['interfaces'])[0];
  exposedDir(cmd, dir, bind, out);
}

/** busybox's `httpd -h DIR [-p [ADDR:]PORT]` (Apache's httpd takes no value after `-h`). */
function busyboxHttpd(cmd: CommandView, out: HitSink): void {
  const home = optionValues(cmd.args, 'h', [])[0];
  if (home === undefined || home.startsWith('-')) return;
  const port = optionValues(cmd.args, 'p', [])[0] ?? '';
  exposedDir(cmd, home, port.includes(':') ? port.replace(/:\d+$/, '') : undefined, out);
}

/** `caddy file-server --root DIR [--listen ADDR]`. */
function caddy(cmd: CommandView, out: HitSink): void {
  if (splitOptions(cmd.args).operands[0] !== 'file-server') return;
  const listen = optionValues(cmd.args, null, ['listen'])[0]?.replace(/:\d+$/, '');
  exposedDir(cmd, optionValues(cmd.args, 'r', ['root'])[0], listen === '' ? undefined : listen, out);
}

/** Vercel's `serve [dir] [-l tcp://ADDR:PORT]`: every interface by default. */
function serve(cmd: CommandView, out: HitSink): void {
  const valued = [
    '-l',
    '--listen',
    '-p',
    '--port',
    '-c',
    '--config',
    '--ssl-cert',
    '--ssl-key',
    '--ssl-pass',
  ];
  const dir = cmd.args.find((a, i) => !a.startsWith('-') && !valued.includes(cmd.args[i - 1] ?? ''));
  const listen = optionValues(cmd.args, 'l', ['listen'])[0];
  const host = listen === undefined ? undefined : /^(?:tcp:\/\/)?([^:/]+):\d+$/.exec(listen)?.[1];
  exposedDir(cmd, dir, host, out);
}

/** `socat TCP-LISTEN:… FILE:/etc/passwd`: a listening socket that hands out a file. */
function socatFile(cmd: CommandView, out: HitSink): void {
  const listens = cmd.args.some((a) => /^(?:tcp[46]?|udp[46]?|sctp|ssl|openssl)-listen:/i.test(a));
  const file = cmd.args.map((a) => /^(?:file|open|gopen|create):([^,]+)/i.exec(a)?.[1]).find((f) => f);
  if (!listens || file === undefined) return;
  const where = resolvePath(cmd.cwd, file);
  if (outsideWorkspace(file, cmd.cwd ?? null, cmd.workspace ?? null) || isSecretPath(where))
    out.hit('exposed-server', `socat serves ${file}`);
}

/**
 * `git daemon [--base-path=D] [--export-all] [DIR…]`: serves the repositories under its folders,
 * every repository on the machine with `--export-all` and none named.
 */
function gitDaemon(cmd: CommandView, out: HitSink): void {
  const git = gitSubcommand(cmd.args);
  if (git?.sub !== 'daemon') return;
  const rest = git.rest;
  const listen = optionValues(rest, null, ['listen'])[0];
  if (listen !== undefined && LOOPBACK.test(listen)) return;
  const dirs = [...optionValues(rest, null, ['base-path']), ...rest.filter((a) => !a.startsWith('-'))];
  if (dirs.length === 0 && rest.includes('--export-all'))
    return out.hit('exposed-server', 'git daemon --export-all serves every repository');
  for (const d of dirs)
    if (outsideWorkspace(d, cmd.cwd ?? null, cmd.workspace ?? null))
      return out.hit('exposed-server', `git daemon serves ${d}`);
}

/**
 * `rsync --daemon`: serves the modules its config file names (/etc/rsyncd.conf unless
 * `--config`), on every interface unless `--address` binds it to loopback. What it shares is
 * not on the command line, so it asks wherever it listens beyond this machine.
 */
function rsyncDaemon(cmd: CommandView, out: HitSink): void {
  if (!cmd.args.includes('--daemon')) return;
  const address = optionValues(cmd.args, null, ['address'])[0];
  if (address === undefined || !LOOPBACK.test(address))
    out.hit(
      'exposed-server',
      `rsync --daemon serves the modules of ${optionValues(cmd.args, null, ['config'])[0] ?? '/etc/rsyncd.conf'}`,
    );
}

export const fileServerDetectors: DetectorTable = [
  [['python'], pythonServer],
  [['php'], phpServer],
  [['ruby'], rubyServer],
  [['http-server', 'darkhttpd', 'miniserve'], dirServer],
  [['httpd'], busyboxHttpd],
  [['caddy'], caddy],
  [['serve'], serve],
  [['socat'], socatFile],
  [['git'], gitDaemon],
  [['rsync'], rsyncDaemon],
];
