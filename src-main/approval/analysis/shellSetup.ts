/** Shell set-up a tool prints to be eval'd (`eval "$(ssh-agent -s)"`): code the user's shell is meant to run. */
import type { CommandView } from './rules/types';
import type { ArgWord } from './words';
import { DYN } from './words';

/** Tools whose output is meant to be eval'd to set up a shell (`eval "$(ssh-agent -s)"`). */
const SHELL_SETUP = new Set([
  'ssh-agent',
  'gpg-agent',
  'keychain',
  'pyenv',
  'rbenv',
  'nodenv',
  'goenv',
  'jenv',
  'plenv',
  'direnv',
  'brew',
  'conda',
  'mamba',
  'micromamba',
  'starship',
  'zoxide',
  'fnm',
  'mise',
  'rtx',
  'opam',
  'luarocks',
  'dircolors',
  'thefuck',
  'atuin',
  'fzf',
  'oh-my-posh',
  'docker-machine',
  'minikube',
  'rustup',
  'register-python-argcomplete',
]);

/** Shell set-up printed for `eval`: `starship init bash`, `brew shellenv`, `kubectl completion zsh`. */
export function printsShellSetup(view: CommandView): boolean {
  return SHELL_SETUP.has(view.name) || (view.args[0] ?? '').startsWith('completion');
}

export function isShellSetup(words: readonly ArgWord[]): boolean {
  const runs = words.flatMap((w) => w.runs);
  return (
    runs.length > 0 &&
    runs.every((r) => SHELL_SETUP.has(r)) &&
    words.every((w) => w.value.split(DYN).join('').trim() === '')
  );
}
