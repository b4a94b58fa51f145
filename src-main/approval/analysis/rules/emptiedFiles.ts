/**
 * A project's source or manifest emptied in place: `> src/index.ts`, `truncate -s 0 package.json`,
 * `cp /dev/null src/app.py`, `sed -i d src/*.ts`. The file stays, its content is gone, and nothing
 * in the command says so the way `rm` does. Logs, outputs and files of no known kind stay quiet
 * (`> build.log`, `: > out.txt`).
 */
import type { Rule } from '../verdict';
import { isDynamic } from '../words';
import { outsideWorkspace } from '../workspace';
import { confinedOutput } from './buildOutputs';
import { inPlaceEdit } from './config';
import type { CommandView, DetectorTable, HitSink } from './types';
import { ddOperand, optionValues, splitOptions } from './types';

export const emptiedFileRules: Rule[] = [
  {
    key: 'source-emptied',
    category: 'filesystem',
    description: "Empties a project's source or manifest file in place, losing its content",
  },
];

/** Source, config and manifest files by their extension or name. */
const SOURCE_FILE =
  /\.(?:[cm]?[jt]sx?|py|pyi|rb|go|rs|java|kts?|scala|swift|c|cc|cpp|cxx|h|hh|hpp|cs|fs|php|pl|pm|lua|sh|bash|zsh|ps1|jl|ex|exs|erl|hs|ml|clj|dart|vue|svelte|astro|sql|proto|graphql|json|ya?ml|toml|ini|cfg|xml|html?|css|scss|sass|less|mdx?|rst|tex|gradle|lock|tf|hcl)$|(?:^|\/)(?:Makefile|GNUmakefile|Dockerfile|Containerfile|Gemfile|Rakefile|Procfile|Jenkinsfile|Vagrantfile|CMakeLists\.txt|requirements[\w.-]*\.txt|go\.(?:mod|sum)|LICENSE|README|\.gitignore|\.gitattributes|\.dockerignore)$/;

/** Whether emptying `path` loses a project file: a source or manifest, inside the workspace, not an output. */
export function projectFile(cmd: Pick<CommandView, 'cwd' | 'workspace'>, path: string): boolean {
  if (path === '' || isDynamic(path.replace(/\*[^/]*$/, 'x')) || !SOURCE_FILE.test(path)) return false;
  const workspace = cmd.workspace ?? null;
  // An absolute path is a project file only inside a known workspace.
  if (/^[/~]/.test(path) && workspace === null) return false;
  if (outsideWorkspace(path, cmd.cwd ?? null, workspace)) return false;
  const slash = path.lastIndexOf('/');
  return slash <= 0 || !confinedOutput(path.slice(0, slash));
}

/** `> f`, `: > f`, `true > f`, `cat /dev/null > f`, `printf '' > f`: a redirect that leaves `target` empty. */
export function emptyingRedirect(
  view: CommandView | null,
  stated: string,
  output: string | null,
  target: string,
  /** The command line after the redirect: a file named again there is being started afresh. */
  after: string,
  /** `listLoop`: the redirect runs once per item of a list a command produced (context.ts). */
  place: Pick<CommandView, 'cwd' | 'workspace'> & { listLoop?: boolean },
  out: HitSink,
): void {
  if (after.includes(target)) return;
  const empty =
    output === '' ||
    (view === null && stated.trim() === '') ||
    (view !== null &&
      (view.name === ':' ||
        view.name === 'true' ||
        (view.name === 'cat' && view.args.length > 0 && view.args.every((a) => a === '/dev/null'))));
  if (!empty) return;
  if (projectFile(place, target)) out.hit('source-emptied', `empties ${target}`);
  // `for f in $(git ls-files); do > "$f"; done`: every file the list names.
  else if (place.listLoop === true && isDynamic(target))
    out.hit('source-emptied', 'empties each file of a loop over a list a command produced');
}

function truncate(cmd: CommandView, out: HitSink): void {
  const sizes = optionValues(cmd.args, 's', ['size']);
  if (!sizes.some((s) => /^0+[KMG]?$/i.test(s))) return;
  const file = splitOptions(cmd.args).operands.find((f) => !sizes.includes(f) && projectFile(cmd, f));
  if (file) out.hit('source-emptied', `truncate empties ${file}`);
}

/** `cp /dev/null f`, `ln -sf /dev/null f`. */
function fromNull(cmd: CommandView, out: HitSink): void {
  const ops = splitOptions(cmd.args).operands;
  if (ops.length !== 2 || ops[0] !== '/dev/null') return;
  const file = ops[1] ?? '';
  if (projectFile(cmd, file)) out.hit('source-emptied', `${cmd.name} puts /dev/null over ${file}`);
}

/** `dd if=/dev/zero of=src/app.ts`: zeros (or nothing) written over the file. */
function dd(cmd: CommandView, out: HitSink): void {
  const value = (key: string) => ddOperand(cmd.args, key);
  const from = value('if');
  const to = value('of');
  if ((from === '/dev/zero' || from === '/dev/null') && to !== undefined && projectFile(cmd, to))
    out.hit('source-emptied', `dd writes ${from} over ${to}`);
}

/** `sed -i d f`, `sed -i '1,$d' f`: an in-place edit that deletes every line. */
function sed(cmd: CommandView, out: HitSink): void {
  const edit = inPlaceEdit(cmd);
  if (!edit || edit.script === undefined || !/^\s*(?:1\s*,\s*\$\s*)?d\s*$/.test(edit.script)) return;
  const file = edit.files.find((f) => projectFile(cmd, f));
  if (file) out.hit('source-emptied', `sed deletes every line of ${file}`);
}

/** `$_ = ""`, `undef $_`, or a substitution of everything by nothing, as the whole of a `-p` script. */
const PERL_CLEARS = /^\s*(?:\$_\s*=\s*(?:''|""|q\(\)|undef)|undef\s*\$_|s(.)\.\*\1\1[gsm]*)\s*;?\s*$/;
const PERL_OUTPUT = /\b(?:print|printf|say|syswrite)\b/;

/** Perl's switches as it reads them: `-i` takes the rest of its word, `-e` the rest or the next word. */
function perlSwitches(args: readonly string[]): {
  inPlace: boolean;
  p: boolean;
  n: boolean;
  code: string[];
  files: string[];
} {
  const found = { inPlace: false, p: false, n: false, code: [] as string[], files: [] as string[] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') {
      found.files.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a.length < 2) {
      found.files.push(a);
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a.charAt(j);
      if (c === 'p') found.p = true;
      else if (c === 'n') found.n = true;
      else if (c === 'i') {
        found.inPlace = true;
        break;
      } else if (c === 'e' || c === 'E') {
        const rest = a.slice(j + 1);
        found.code.push(rest !== '' ? rest : (args[++i] ?? ''));
        break;
      }
    }
  }
  return found;
}

/** `perl -pi -e '$_ = ""' f`, `perl -i -ne '' f`: an in-place edit that writes nothing back. */
function perl(cmd: CommandView, out: HitSink): void {
  const s = perlSwitches(cmd.args);
  if (!s.inPlace || s.code.length === 0) return;
  const code = s.code.join('\n');
  const empties = s.p ? PERL_CLEARS.test(code) : s.n && !PERL_OUTPUT.test(code);
  const file = empties ? s.files.find((f) => projectFile(cmd, f)) : undefined;
  if (file) out.hit('source-emptied', `perl rewrites ${file} with nothing`);
}

export const emptiedFileDetectors: DetectorTable = [
  [['truncate'], truncate],
  [['cp', 'ln'], fromNull],
  [['dd'], dd],
  [['sed'], sed],
  [['perl'], perl],
];
