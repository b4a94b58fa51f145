/** The command analyser: parses a shell command and judges it against the rules, deciding nothing. */
export { initShellParser } from './analyse';
export { runApprovalCheckJsonl } from './cli';
export { protectOwnHome } from './paths';
export { ruleFor } from './rules/registry';
export { localHostKey } from './rules/network';
export {
  CADUCEUS_HOME_WRITE,
  RUNS_CODE_LATER_WRITE,
  SECRET_READ,
  WRITE_OUTSIDE_WORKSPACE,
} from './rules/workspace';
export { CRON_CHANGE, MEMORY_WRITE, SKILL_CHANGE } from './rules/instructions';
export type { Verdict } from './verdict';
