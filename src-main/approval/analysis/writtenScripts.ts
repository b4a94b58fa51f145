/**
 * Scripts a command line writes and then runs: `echo 'rm -rf ~' > x.sh && bash x.sh`,
 * `cat > x.py <<EOF … EOF; python3 x.py`, a Makefile then `make`. The text a redirect leaves in a
 * file is remembered while it is known, and judged in the language of whatever runs the file
 * later in the line. A file a tool runs on its own (conftest.py, a bundler's config, a hook)
 * is judged as it is written.
 */
import type { Source } from './context';
import { embeddedShellCode } from './embedded';
import { makefileShellCode } from './makeCode';
import { CONFIG_RUNNERS, configShellCode } from './configCommands';
import type { LazyMap } from './lazyMap';
import { SHELLS } from './carriers';
import { codeHits, codeLanguage } from './rules/code';
import type { Collector, WalkerApi } from './wordEval';
import type { ArgWord } from './words';
import { commandName, familyName, isDynamic } from './words';

/** What the walker offers: analysing shell code found in the script. */
export interface NestedWalker extends WalkerApi {
  nestedCode(text: string, words: readonly ArgWord[], seg: number, src: Source, col: Collector): void;
}

/** Scripts written here longer than this are not followed when they run. */
const MAX_WRITTEN_CHARS = 65_536;
const MAX_WRITTEN_FILES = 64;

/** What a redirect leaves in a file: its known text, or nothing known (then it is forgotten). */
export function rememberWritten(
  written: LazyMap<string, string>,
  path: string,
  append: boolean,
  output: string | null,
): void {
  const before = append ? written.get(path) : '';
  const text = output === null || isDynamic(output) || before === undefined ? null : before + output;
  const full = written.size >= MAX_WRITTEN_FILES && !written.has(path);
  if (text === null || text.length > MAX_WRITTEN_CHARS || full) written.delete(path);
  else written.set(path, text);
}

/** Files a tool runs on its own, by name, and the language it reads them in. */
const AUTO_RUN: ReadonlyArray<readonly [RegExp, string]> = [
  // pytest, pip/setuptools, nox; Python's own start-up hooks.
  [/(?:^|\/)(?:conftest|setup|noxfile|sitecustomize|usercustomize)\.py$/, 'python'],
  // Bundlers', test runners' and linters' config modules; task runners' files.
  [/(?:^|\/)(?:[\w-]+\.config|\.eslintrc|\.mocharc|gulpfile|gruntfile)\.[cm]?[jt]s$/i, 'node'],
  [/(?:^|\/)(?:Rakefile|Gemfile)$/, 'ruby'],
  // Hook managers' hooks and direnv's file run in a shell.
  [/(?:^|\/)(?:\.husky\/(?!_\/)[^/]+|\.envrc)$/, 'sh'],
  // Config files whose commands run by themselves (configCommands.ts).
  [/(?:^|\/)\.vscode\/tasks\.json$/, 'vscode-tasks'],
  [/(?:^|\/)(?:\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.yml)$/, 'ci-yaml'],
];

/** The language a tool runs `path` in when it runs that file on its own, or null. */
export function autoRunner(path: string): string | null {
  for (const [re, runner] of AUTO_RUN) if (re.test(path)) return runner;
  return null;
}

/** The makefiles `make` reads when it is given none, in its order. */
const DEFAULT_MAKEFILES = ['GNUmakefile', 'makefile', 'Makefile'];

/** The known text of the script `runner` runs (`path`, or the default makefile of a plain `make`). */
export function writtenScript(
  written: LazyMap<string, string>,
  runner: string,
  path: string | null,
): string | undefined {
  if (written.size === 0) return undefined;
  if (path !== null) return written.get(path);
  if (runner !== 'make') return undefined;
  const makefile = DEFAULT_MAKEFILES.find((name) => written.has(name));
  return makefile === undefined ? undefined : written.get(makefile);
}

/** The program a `#!` line names (`#!/usr/bin/env -S python3 -u`: python3); the shell without one. */
function interpreterOf(script: string): string {
  if (!script.startsWith('#!')) return 'sh';
  const end = script.indexOf('\n');
  const words = script
    .slice(2, end < 0 ? undefined : end)
    .trim()
    .split(/\s+/);
  if (commandName(words[0] ?? '') !== 'env') return words[0] || 'sh';
  return words.slice(1).find((word) => !word.startsWith('-')) ?? 'sh';
}

/**
 * A script written earlier in the line runs now, read in the language of what runs it (a file
 * run by its path: its `#!` line, else the shell).
 */
export function runWritten(
  w: NestedWalker,
  /** The interpreter given the script; null when the file is run by its path. */
  runner: string | null,
  script: string,
  seg: number,
  src: Source,
  col: Collector,
): void {
  const name = runner ?? familyName(commandName(interpreterOf(script)));
  const language = codeLanguage(name);
  if (language) {
    codeHits(language, script, w.ctx, w.ctx.sink(seg));
    // `os.system("rm -rf ~")`: shell commands the script hands over.
    for (const text of embeddedShellCode(script, 'script')) w.nestedCode(text, [], seg, src, col);
  } else if (name === 'make') {
    for (const text of makefileShellCode(script)) w.nestedCode(text, [], seg, src, col);
  } else if (CONFIG_RUNNERS.has(name)) {
    for (const text of configShellCode(name, script)) w.nestedCode(text, [], seg, src, col);
  } else if (SHELLS.has(name) || name === 'source' || name === '.') w.nestedCode(script, [], seg, src, col);
}
