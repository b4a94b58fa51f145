/** Texts for decisions. A denial tells the model plainly: no consent, do not retry. */
import type { GateDecision } from './gateTypes';

const NO_RETRY =
  'The user did not consent to running this command. Do not retry it, and do not try to reach the same result another way; ask the user how to proceed instead.';

function why(decision: GateDecision): string {
  const reasons = decision.verdict.reasons.slice(0, 5);
  return reasons.length > 0 ? ` Reasons: ${reasons.join('; ')}.` : '';
}

export function denialText(decision: GateDecision, timeoutSeconds: number): string {
  switch (decision.decidedBy) {
    case 'hardline':
      return `Command blocked: it can never run here (${decision.rule ?? 'hardline rule'}).${why(decision)} ${NO_RETRY}`;
    case 'deny-rule':
      return `Command blocked by the user's deny rule "${decision.rule ?? ''}". ${NO_RETRY}`;
    case 'smart':
      return `Command denied by the approval reviewer.${why(decision)} ${NO_RETRY}`;
    case 'timeout':
      return `Command denied: no answer within ${timeoutSeconds} seconds.${why(decision)} ${NO_RETRY}`;
    case 'unattended':
      return `Command denied: it needs a person's approval and nobody can be asked in this run.${why(decision)} ${NO_RETRY}`;
    default:
      return `Command denied by the user${decision.choice === 'escape' || decision.choice === 'closed' ? ' (prompt dismissed)' : ''}.${why(decision)} ${NO_RETRY}`;
  }
}

const ALLOWED_BY: Partial<Record<GateDecision['decidedBy'], string>> = {
  safe: 'no rule matched',
  'allow-rule': 'allowed by a config.yaml allow rule',
  'mode-off': 'approvals are off',
  auto: 'the sandbox confines it to the workspace with no network, so a checkpoint can undo it (approvals.mode auto)',
  'container-skip': 'runs in a container; prompts are skipped there',
  allowlist: 'allowed by command_allowlist',
  'session-grant': 'approved earlier in this session',
  'timed-grant': 'approved by the user for a limited time',
  smart: 'approved by the approval reviewer for this command only',
  human: 'approved by the user',
  unattended: 'this run allows every command that would ask (--approvals allow)',
};

export function allowedMessage(decision: GateDecision): string {
  return `Command allowed: ${ALLOWED_BY[decision.decidedBy] ?? decision.decidedBy}${decision.rule ? ` (${decision.rule})` : ''}.`;
}
