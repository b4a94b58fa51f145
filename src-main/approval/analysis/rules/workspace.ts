/**
 * Findings of the file tools about where a write lands; the tools add them to a gate check.
 * `write-outside-workspace` itself is defined with the command rules (rules/files.ts).
 */
import type { Rule } from '../verdict';

export const WRITE_OUTSIDE_WORKSPACE = 'write-outside-workspace';
export const CADUCEUS_HOME_WRITE = 'caduceus-home-write';
export const OUTSIDE_SANDBOX_WRITE = 'outside-sandbox-write';

export const workspaceRules: Rule[] = [
  {
    key: CADUCEUS_HOME_WRITE,
    category: 'config',
    description: "Writes into Caduceus's own folder ($CADUCEUS_HOME)",
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
