/**
 * Builds the POSIX shell scripts that make an environment's cwd and exported variables persist:
 * each command restores the last snapshot, runs, and writes a new snapshot (`pwd`, `export -p`)
 * to side files on exit. Nothing is printed, so the user's output stays untouched.
 */

import { shQuote } from '../../src-shared/shellQuote';

export interface StatePaths {
  envFile: string;
  cwdFile: string;
}

export function statePaths(dir: string, environmentId: string): StatePaths {
  const base = `${dir.replace(/\/+$/, '')}/.caduceus-${environmentId}`;
  return { envFile: `${base}.env`, cwdFile: `${base}.cwd` };
}

export interface WrapOptions {
  command: string;
  state: StatePaths;
  /** Directory to start in; otherwise the one the last command left. */
  cwd?: string;
  /** Where to start when there is no usable snapshot of the cwd (never the shell's $HOME). */
  fallbackCwd?: string;
  /** Record where the command ended up (off for a one-off `workdir`). */
  persistCwd: boolean;
  /** Write a snapshot when the command exits (off for background processes). */
  saveState: boolean;
  /** Source the saved variables first (off outside the sandbox: sandboxed commands wrote them). */
  restoreEnv?: boolean;
}

function restoreLines(
  state: StatePaths | undefined,
  cwd: string | undefined,
  options: { fallbackCwd?: string | undefined; restoreEnv?: boolean | undefined } = {},
): string[] {
  const { fallbackCwd, restoreEnv = true } = options;
  const lines = ['exec 2>&1'];
  if (state && restoreEnv) {
    const env = shQuote(state.envFile);
    lines.push(
      '__caduceus_term=${TERM-}',
      `if [ -r ${env} ]; then . ${env} >/dev/null 2>&1; fi`,
      // A snapshot taken in a PTY must not change TERM for a plain command, or the reverse.
      'if [ -n "$__caduceus_term" ]; then TERM=$__caduceus_term; export TERM; else unset TERM; fi',
    );
  }
  if (cwd !== undefined) lines.push(`cd ${shQuote(cwd)} || exit 1`);
  else if (state) {
    const fallback = fallbackCwd === undefined ? '' : ` || cd ${shQuote(fallbackCwd)} 2>/dev/null`;
    lines.push(
      `{ read -r __caduceus_cwd < ${shQuote(state.cwdFile)} && cd "$__caduceus_cwd"; } 2>/dev/null${fallback}`,
    );
  }
  lines.push('unset __caduceus_term __caduceus_cwd');
  return lines;
}

/**
 * The snapshot is written when the command returns and, for `exit`, `set -e` and signals, by an
 * EXIT trap. A command may replace that trap or `exec` away, so a cwd set for this call is
 * recorded before it runs: a lost snapshot leaves the previous state, never none. `>|` because
 * the command may have set noclobber.
 */
export function wrapCommand(options: WrapOptions): string {
  const { state } = options;
  const lines = restoreLines(state, options.cwd, {
    fallbackCwd: options.fallbackCwd,
    restoreEnv: options.restoreEnv,
  });
  if (!options.saveState) {
    lines.push(`eval ${shQuote(options.command)}`);
    return lines.join('\n');
  }
  const cwdFile = shQuote(state.cwdFile);
  const env = shQuote(state.envFile);
  const tmp = shQuote(`${state.envFile}.tmp`);
  const saveCwd = options.persistCwd ? `; pwd >| ${cwdFile}` : '';
  lines.push(
    `__caduceus_save() { (umask 077; { export -p >| ${tmp} && mv -f ${tmp} ${env}; } 2>/dev/null || export -p >| ${env}${saveCwd}) 2>/dev/null; }`,
    `trap ${shQuote('__caduceus_rc=$?; [ -n "${__caduceus_saved-}" ] || __caduceus_save || :; exit $__caduceus_rc')} EXIT`,
  );
  if (options.cwd !== undefined && options.persistCwd) lines.push(`{ pwd >| ${cwdFile}; } 2>/dev/null`);
  lines.push(
    `eval ${shQuote(options.command)}`,
    '__caduceus_rc=$?; __caduceus_save || :; __caduceus_saved=1; exit $__caduceus_rc',
  );
  return lines.join('\n');
}

/**
 * An interactive shell for the user's pane, starting from the environment's state. Without
 * `restoreEnv` only the directory is taken over: variables written by sandboxed commands must
 * not reach a shell that runs outside the sandbox (PROMPT_COMMAND, BASH_ENV, a doctored file).
 */
export function interactiveShellScript(
  state: StatePaths | undefined,
  cwd: string | undefined,
  options: { fallbackCwd?: string | undefined; restoreEnv?: boolean | undefined } = {},
): string {
  return [
    ...restoreLines(state, cwd, options),
    'if [ -n "${SHELL-}" ] && [ -x "$SHELL" ]; then exec "$SHELL" -i; fi',
    'if command -v bash >/dev/null 2>&1; then exec bash -i; fi',
    'exec sh -i',
  ].join('\n');
}

/**
 * Runs `script` with bash when the target has it, else sh; optionally records the PID first, and
 * before that removes `spent` (the PID files of commands that have ended).
 */
export function launcherArgv(script: string, pidFile?: string, spent: readonly string[] = []): string[] {
  const clear = spent.length > 0 ? `rm -f ${spent.map(shQuote).join(' ')}; ` : '';
  const recordPid = pidFile ? `echo $$ > ${shQuote(pidFile)}; ` : '';
  return [
    '/bin/sh',
    '-c',
    `${clear}${recordPid}B=$(command -v bash) || B=/bin/sh; exec "$B" -c "$1"`,
    'caduceus',
    script,
  ];
}

export function argvToCommandLine(argv: string[]): string {
  return argv.map(shQuote).join(' ');
}

/** Kills the process group whose leader's PID is stored in `pidFile`. */
export function killScript(pidFile: string, signal: string): string {
  const file = shQuote(pidFile);
  return `if [ -r ${file} ]; then read -r p < ${file}; kill -${signal} -$p 2>/dev/null || kill -${signal} $p 2>/dev/null; fi; true`;
}
