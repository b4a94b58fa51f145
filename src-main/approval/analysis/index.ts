/** The command analyser: parses a shell command and judges it against the rules, deciding nothing. */
export { analyseCommand, initShellParser } from './analyse';
export { runApprovalCheckJsonl, type JsonlSummary } from './cli';
export { protectOwnHome } from './paths';
export { ruleFor } from './rules/registry';
export { CADUCEUS_HOME_WRITE, OUTSIDE_SANDBOX_WRITE, WRITE_OUTSIDE_WORKSPACE } from './rules/workspace';
export type { Rule, Verdict } from './verdict';
