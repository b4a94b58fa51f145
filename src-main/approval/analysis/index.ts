/** The command analyser: parses a shell command and judges it against the rules, deciding nothing. */
export { analyseCommand, initShellParser } from './analyse';
export { runApprovalCheckJsonl, type JsonlSummary } from './cli';
export { protectOwnHome } from './paths';
export { ruleFor } from './rules/registry';
export { FETCH_LOCAL_HOST, hostPort, localHostKey, localHostOfKey } from './rules/network';
export {
  CADUCEUS_HOME_WRITE,
  OUTSIDE_SANDBOX_WRITE,
  RUNS_CODE_LATER_WRITE,
  SECRET_READ,
  WRITE_OUTSIDE_WORKSPACE,
} from './rules/workspace';
export { CRON_CHANGE, MEMORY_WRITE, SKILL_CHANGE } from './rules/instructions';
export type { Rule, Verdict } from './verdict';
