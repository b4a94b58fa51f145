/**
 * Findings of the file tools about where a write lands or what a read opens; the tools add them
 * to a gate check.
 * `write-outside-workspace` itself is defined with the command rules (rules/files.ts).
 */
import type { Rule } from '../verdict';

export const WRITE_OUTSIDE_WORKSPACE = 'write-outside-workspace';
export const CADUCEUS_HOME_WRITE = 'caduceus-home-write';
export const RUNS_CODE_LATER_WRITE = 'runs-code-later-write';
/** A file tool reading a path of the read policy (credentials, keys, histories; sandbox.deny_read). */
export const SECRET_READ = 'secret-read';
export const OUTSIDE_SANDBOX_WRITE = 'outside-sandbox-write';

export const workspaceRules: Rule[] = [
  {
    key: CADUCEUS_HOME_WRITE,
    category: 'config',
    description: "Writes into Caduceus's own folder ($CADUCEUS_HOME)",
    askEveryTime: true,
  },
  {
    key: RUNS_CODE_LATER_WRITE,
    category: 'config',
    description:
      'Writes a file that runs code later (git hooks or config, .envrc, editor tasks, shell start-up files)',
    askEveryTime: true,
  },
  {
    key: SECRET_READ,
    category: 'config',
    description: 'Lets the model read a file that holds secrets (credentials, keys, history)',
    askEveryTime: true,
  },
  {
    // Added by the gate when the caller names the sandbox's write roots: a yes runs it outside.
    key: OUTSIDE_SANDBOX_WRITE,
    category: 'filesystem',
    description:
      'Runs outside the sandbox if allowed: it changes files outside the folders sandboxed commands may write',
    askEveryTime: true,
  },
];
