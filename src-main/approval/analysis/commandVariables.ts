/** Variables whose value a program runs as a shell command: git's ssh command, pagers, editors. */
const COMMAND_VARIABLES = new Set([
  'PROMPT_COMMAND',
  'GIT_SSH_COMMAND',
  'GIT_PAGER',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_EXTERNAL_DIFF',
  'PAGER',
  'MANPAGER',
  'EDITOR',
  'VISUAL',
  'RSYNC_RSH',
  'LESSOPEN',
  'LESSCLOSE',
  // Programs run to ask for a password or open a page, and npm's shell for scripts.
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'BROWSER',
  'npm_config_script_shell',
  'NPM_CONFIG_SCRIPT_SHELL',
]);

/** A variable whose value a program runs as a shell command. */
export function runsAsCommand(name: string): boolean {
  return COMMAND_VARIABLES.has(name);
}
