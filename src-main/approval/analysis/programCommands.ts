/**
 * Programs with an option or subcommand that runs a shell command: man's pager, nodemon's
 * --exec, zip's unzip command, gdb's `shell`/`!`, tmux sessions, panes and send-keys, the shell
 * escapes of psql, mysql and sqlite3, scp's -S program, and git's rebase --exec, grep -O, bisect run,
 * submodule foreach and the far-side programs of clone, fetch, push and archive.
 */
import { embeddedShellCode } from './embedded';
import { optionWords, parseOptions } from './options';
import { gitSubcommand } from './rules/gitSubcommand';
import { bangCommands, toolCommands } from './toolCommands';
import type { Nested } from './unwrap';
import type { ArgWord } from './words';
import { syntheticWord } from './words';

const code = (w: ArgWord, text = w.value): Nested => ({ kind: 'code', text, words: [w] });

/** lldb commands that run a shell command: `platform shell cmd`, `shell cmd`, or Python's os.system. */
function lldbShell(w: ArgWord): Nested[] {
  const m = /^\s*(?:platform\s+shell|shell)\s+(.*)$/s.exec(w.value);
  if (m?.[1]) return [code(w, m[1])];
  return embeddedShellCode(w.value, 'script').map((t) => code(w, t));
}

/** gdb commands that run a shell command: `shell cmd`, `!cmd`, `pipe … | cmd`, Python's os.system. */
function gdbShell(w: ArgWord): Nested[] {
  const m = /^\s*(?:shell\s+|!)(.*)$/s.exec(w.value);
  if (m?.[1]) return [code(w, m[1])];
  const pipe = /^\s*(?:pipe|\|)\s[^|]*\|(.*)$/s.exec(w.value);
  if (pipe?.[1]) return [code(w, pipe[1])];
  return embeddedShellCode(w.value, 'script').map((t) => code(w, t));
}

const TMUX_SHELL = new Set([
  'new-session',
  'new',
  'new-window',
  'neww',
  'split-window',
  'splitw',
  'respawn-pane',
  'respawnp',
  'respawn-window',
  'respawnw',
  'run-shell',
  'run',
  'display-popup',
  'popup',
]);
const TMUX_KEY = /^(?:Enter|KPEnter|Escape|Space|Tab|BSpace|[CMS]-.|C-[a-z]-.)$/;

/** `tmux [-L s] cmd [opts] [shell-command]`, commands joined by `;`. */
function tmuxCode(argv: readonly ArgWord[]): Nested[] {
  const out: Nested[] = [];
  const global = parseOptions(argv, 1, { short: 'LSfcT' });
  const shellOption = global.seen.find((o) => o.name === '-c')?.value;
  if (shellOption) out.push(code(shellOption));
  let words = argv.slice(global.next);
  while (words.length > 0) {
    const end = words.findIndex((w) => w.value === ';' || w.value === '\\;');
    const one = end >= 0 ? words.slice(0, end) : words;
    words = end >= 0 ? words.slice(end + 1) : [];
    const sub = one[0]?.value ?? '';
    const popup = sub === 'display-popup' || sub === 'popup';
    const run = sub === 'run-shell' || sub === 'run';
    const p = parseOptions(one, 1, { short: run ? 'cdt' : popup ? 'bcdehwxysStT' : 'ceFnstxylST' });
    const rest = one.slice(p.next);
    const anchor = rest[0];
    if (!anchor) continue;
    if (TMUX_SHELL.has(sub)) out.push(code(anchor, rest.map((w) => w.value).join(' ')));
    else if (sub === 'send-keys' || sub === 'send') {
      // Keys typed into a pane's shell run when Enter follows.
      const typed = rest.filter((w) => !TMUX_KEY.test(w.value)).map((w) => w.value);
      if (typed.length > 0) out.push(code(anchor, typed.join(' ')));
    }
  }
  return out;
}

const SQL_SHELL = new Map<string, RegExp>(
  Object.entries({
    psql: /\\!\s*([^\n]*)/g,
    mysql: /(?:^|[;\n])[ \t]*(?:system|\\!)[ \t]+([^;\n]*)/gi,
    mariadb: /(?:^|[;\n])[ \t]*(?:system|\\!)[ \t]+([^;\n]*)/gi,
    sqlite3: /(?:^|\n)[ \t]*\.(?:shell|system)[ \t]+([^\n]*)/g,
  }),
);

/** Shell escapes in SQL client input: arguments and static stdin. */
function sqlShell(re: RegExp, argv: readonly ArgWord[], stdin: string | null): Nested[] {
  const out: Nested[] = [];
  const sources = [...argv.slice(1)];
  if (stdin !== null) sources.push({ value: stdin, raw: stdin, start: 0, end: 0, quoted: true, runs: [] });
  for (const w of sources) {
    re.lastIndex = 0;
    for (let m = re.exec(w.value); m && out.length < 32; m = re.exec(w.value))
      if (m[1]?.trim()) out.push(code(w, m[1]));
  }
  return out;
}

/**
 * `git clone 'ext::sh -c rm% -rf% d'`: the ext transport runs a remote's URL as a command, split
 * at spaces (`% ` is a space inside a word, `%%` a percent), wherever git takes a URL.
 */
function extTransport(argv: readonly ArgWord[]): Nested[] {
  return argv.flatMap((w) => {
    if (!w.value.startsWith('ext::')) return [];
    const words = w.value
      .slice(5)
      .split(/(?<!%) +/)
      .filter((part) => part !== '')
      .map((part) =>
        syntheticWord(part.replace(/%(.)/g, (_m, c: string) => (c === ' ' || c === '%' ? c : ''))),
      );
    return words.length > 0 ? [{ kind: 'argv' as const, argv: words, via: 'git ext::' }] : [];
  });
}

function gitCommands(argv: readonly ArgWord[]): Nested[] {
  return [...gitOptionCommands(argv), ...extTransport(argv.slice(1))];
}

function gitOptionCommands(argv: readonly ArgWord[]): Nested[] {
  const parsed = gitSubcommand(argv.slice(1).map((w) => w.value));
  if (!parsed) return [];
  const rest = argv.slice(argv.length - parsed.rest.length);
  const sub = [argv[0] as ArgWord, ...rest];
  switch (parsed.sub) {
    case 'rebase':
      return optionWords(sub, ['-x'], ['--exec']).map((w) => code(w));
    case 'difftool':
      return optionWords(sub, ['-x'], ['--extcmd']).map((w) => code(w));
    case 'grep':
      return optionWords(sub, ['-O'], ['--open-files-in-pager']).map((w) => code(w));
    // The program git runs for the far side, started here for a local path or file:// remote.
    case 'clone':
      return optionWords(sub, ['-u'], ['--upload-pack']).map((w) => code(w));
    case 'fetch':
    case 'pull':
    case 'ls-remote':
      return optionWords(sub, [], ['--upload-pack']).map((w) => code(w));
    case 'push':
      return optionWords(sub, [], ['--receive-pack', '--exec']).map((w) => code(w));
    case 'archive':
      return optionWords(sub, [], ['--exec']).map((w) => code(w));
    case 'bisect': {
      const cmd = rest[0]?.value === 'run' ? rest.slice(1) : [];
      return cmd.length > 0 ? [{ kind: 'argv', argv: cmd, via: 'git bisect run' }] : [];
    }
    case 'submodule': {
      if (rest[0]?.value !== 'foreach') return [];
      const cmd = rest
        .slice(1)
        .filter((w) => w.value !== '--recursive' && w.value !== '--quiet' && w.value !== '-q');
      const first = cmd[0];
      return first ? [code(first, cmd.map((w) => w.value).join(' '))] : [];
    }
    default:
      return [];
  }
}

/** Commands `name` runs because of its options, subcommand or input; null when it is not one of these. */
export function programCommands(
  name: string,
  argv: readonly ArgWord[],
  stdin: string | null,
): Nested[] | null {
  switch (name) {
    case 'man':
      return optionWords(argv, ['-P'], ['--pager']).map((w) => code(w));
    case 'nodemon':
      return optionWords(argv, ['-x'], ['--exec']).map((w) => code(w));
    case 'scp':
    case 'sftp':
    case 'ftp': {
      // `-S program` replaces ssh: the program runs here; so do `!cmd` lines of a batch on stdin.
      const batch = stdin === null ? [] : bangCommands(syntheticWord(stdin));
      return [...optionWords(argv, ['-S'], []).map((w) => code(w)), ...(name === 'scp' ? [] : batch)];
    }
    case 'zip':
      return optionWords(argv, ['-TT'], ['--unzip-command']).map((w) => code(w));
    case 'gdb': {
      const commands = optionWords(
        argv,
        ['-ex', '-iex', '--ex', '--iex'],
        ['-eval-command', '--eval-command'],
      );
      // `gdb --args prog …` runs prog (with `-ex run`, or when asked to).
      const at = argv.findIndex((w) => w.value === '--args');
      const program: Nested[] =
        at > 0 && at < argv.length - 1 ? [{ kind: 'argv', argv: argv.slice(at + 1), via: 'gdb' }] : [];
      return [...commands.flatMap(gdbShell), ...program];
    }
    case 'lldb':
      return optionWords(
        argv,
        ['-o', '-O', '-k', '-K'],
        ['--one-line', '--one-line-before-file', '--one-line-on-crash'],
      ).flatMap(lldbShell);
    // Shell built-ins that run code: mapfile's callback, a completion command, a key binding.
    case 'mapfile':
    case 'readarray':
    case 'complete':
    case 'compgen':
      return optionWords(argv, ['-C'], []).map((w) => code(w));
    case 'bind':
      return optionWords(argv, ['-x'], []).flatMap((w) => {
        const m = /^\s*"[^"]*"\s*:\s*(.*)$/s.exec(w.value);
        return m?.[1] ? [code(w, m[1])] : [];
      });
    case 'tmux':
      return tmuxCode(argv);
    case 'git':
      return gitCommands(argv);
    default: {
      const re = SQL_SHELL.get(name);
      return re ? sqlShell(re, argv, stdin) : toolCommands(name, argv);
    }
  }
}
