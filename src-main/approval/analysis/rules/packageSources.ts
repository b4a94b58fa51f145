/**
 * Packages from outside the registry a tool trusts by default: `pip install git+https://…`, an
 * other index, `cargo install --git`, `npm install github:…`; and lifecycle scripts written into
 * package.json, which the next install runs.
 */
import type { Rule } from '../verdict';
import type { CommandView, DetectorTable, HitSink } from './types';
import { optionValues, splitOptions } from './types';

export const packageSourceRules: Rule[] = [
  {
    key: 'package-from-elsewhere',
    category: 'remote-code',
    description:
      'Installs a package from a git URL, a download or another index than the default registry, whose install code runs',
  },
  {
    key: 'package-script-write',
    category: 'persistence',
    description: 'Sets a package lifecycle script (install, prepare, …) that the next install runs',
  },
];

/** A requirement fetched straight from a repository or a URL, not resolved through the registry. */
const DIRECT =
  /^(?:(?:git|hg|svn|bzr)\+|https?:\/\/|git:\/\/|ssh:\/\/|git@|github:|gitlab:|bitbucket:|gist:)|\.git(?:#.*)?$/i;

function report(cmd: CommandView, why: string, out: HitSink): void {
  out.hit('package-from-elsewhere', `${cmd.name} ${why}`);
}

const PIP_INDEX = ['index-url', 'extra-index-url', 'find-links', 'trusted-host'];

function pip(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  // `uv pip install …` and `pipx install …` put the verb after a word of their own.
  const verb = operands.findIndex((o) => o === 'install' || o === 'download' || o === 'run' || o === 'add');
  if (verb < 0) return;
  const index = optionValues(cmd.args, 'i', PIP_INDEX).concat(optionValues(cmd.args, 'f', []));
  if (index.length > 0) return report(cmd, `from ${index.join(', ')}`, out);
  const direct = operands.slice(verb + 1).find((o) => DIRECT.test(o.replace(/^[\w.-]+\s*@\s*/, '')));
  if (direct) report(cmd, `from ${direct}`, out);
}

/** `python3 -m pip install …` is pip. */
function pythonModule(cmd: CommandView, out: HitSink): void {
  if (cmd.args[0] === '-m' && /^pip3?$/.test(cmd.args[1] ?? ''))
    pip({ ...cmd, args: cmd.args.slice(2) }, out);
}

function cargo(cmd: CommandView, out: HitSink): void {
  if (splitOptions(cmd.args).operands[0] !== 'install') return;
  const from = optionValues(cmd.args, null, ['git', 'index', 'registry']);
  if (from.length > 0) report(cmd, `install from ${from.join(', ')}`, out);
}

const JS_ADD = new Set(['install', 'i', 'add', 'isntall', 'dlx', 'exec', 'x']);
/** Lifecycle scripts the package manager runs by itself on install or pack. */
const LIFECYCLE =
  /^scripts\.(?:pre|post)?(?:install|prepare|prepublish(?:Only)?|pack|publish|uninstall|version|dependencies)$/;

function js(cmd: CommandView, out: HitSink): void {
  const { operands } = splitOptions(cmd.args);
  if (JS_ADD.has(operands[0] ?? '')) {
    const direct = operands.slice(1).find((o) => DIRECT.test(o.replace(/^(?:@[\w.-]+\/)?[\w.-]+@/, '')));
    if (direct) report(cmd, `${operands[0]} ${direct}`, out);
  }
  if (operands[0] === 'pkg' && operands[1] === 'set')
    for (const pair of operands.slice(2)) {
      const key = pair.split('=')[0] ?? '';
      if (LIFECYCLE.test(key)) out.hit('package-script-write', `${cmd.name} pkg set ${pair}`);
    }
  // npm 7's `npm set-script postinstall 'cmd'`.
  if (operands[0] === 'set-script' && LIFECYCLE.test(`scripts.${operands[1] ?? ''}`))
    out.hit('package-script-write', `${cmd.name} set-script ${operands[1] ?? ''}`);
}

/**
 * `echo '{"scripts":{"postinstall":…}}' > package.json`: lifecycle scripts in a package.json
 * written whole.
 */
export function packageJsonScriptHits(path: string, text: string, out: HitSink): void {
  if (!/(?:^|\/)package\.json$/.test(path)) return;
  let scripts: unknown;
  try {
    scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
  } catch {
    return;
  }
  if (typeof scripts !== 'object' || scripts === null) return;
  const lifecycle = Object.keys(scripts).find((name) => LIFECYCLE.test(`scripts.${name}`));
  if (lifecycle) out.hit('package-script-write', `writes ${path} with a ${lifecycle} script`);
}

function gem(cmd: CommandView, out: HitSink): void {
  if (splitOptions(cmd.args).operands[0] !== 'install') return;
  const from = optionValues(cmd.args, 's', ['source', 'clear-sources']);
  if (from.length > 0) report(cmd, `install --source ${from.join(', ')}`, out);
}

/** `code --install-extension x.vsix`: an editor extension from a file or URL, not the marketplace. */
function editorExtension(cmd: CommandView, out: HitSink): void {
  const from = optionValues(cmd.args, null, ['install-extension']).find((e) =>
    /\.vsix$|^https?:\/\//i.test(e),
  );
  if (from) report(cmd, `--install-extension ${from}`, out);
}

export const packageSourceDetectors: DetectorTable = [
  [['code', 'code-insiders', 'codium', 'cursor', 'windsurf'], editorExtension],
  [['pip', 'pip3', 'uv', 'pipx'], pip],
  [['python', 'python3'], pythonModule],
  [['cargo'], cargo],
  [['npm', 'pnpm', 'yarn', 'bun'], js],
  [['gem'], gem],
];
