/**
 * Findings of the file tools about where a write lands; the tools add them to a gate check.
 * `write-outside-workspace` itself is defined with the command rules (rules/files.ts).
 */
import type { Rule } from '../verdict';

export const WRITE_OUTSIDE_WORKSPACE = 'write-outside-workspace';
export const CADUCEUS_HOME_WRITE = 'caduceus-home-write';
export const RUNS_CODE_LATER_WRITE = 'runs-code-later-write';

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
];
