import type { Logger } from '../../runtime/types';
import type { Verdict } from '../analysis/verdict';
import type { GateCheck, SmartAnswer, SmartApprover } from './gateTypes';
import { approvalDeadlineMs } from './humanPrompt';

/** A model's judgement is bounded even while a person's answer is awaited without a deadline. */
const SMART_MAX_MS = 120_000;

/** The smart approver's answer; 'escalate' (ask the person) when there is none, it fails or runs out of time. */
export async function askSmart(
  smart: SmartApprover | undefined,
  input: GateCheck,
  verdict: Verdict,
  timeoutSeconds: number,
  logger: Pick<Logger, 'warn'> | undefined,
): Promise<SmartAnswer> {
  if (!smart) return 'escalate';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), approvalDeadlineMs(timeoutSeconds) ?? SMART_MAX_MS);
  try {
    const answer = await smart.assess(
      {
        command: input.command,
        verdict,
        sessionId: input.sessionId,
        taskId: input.taskId,
        toolCallId: input.toolCallId,
      },
      controller.signal,
    );
    return answer === 'approve' || answer === 'deny' ? answer : 'escalate';
  } catch (err) {
    logger?.warn(
      `Smart approval failed; asking the user: ${err instanceof Error ? err.message : String(err)}`,
    );
    return 'escalate';
  } finally {
    clearTimeout(timer);
  }
}
