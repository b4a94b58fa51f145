import type { ApprovalRefusal } from '../../src-shared/agentEvents';
import type { ToolCallDetails, ToolRefusal } from '../../src-shared/ipc/chatSchemas';
import type { CallOutcome, RefusalFacts } from '../../src-shared/toolCalls';

type Json = Record<string, unknown>;

function parseObject(text: string): Json | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** What a call's outcome said: carried by the live event, kept by the session store since v7. */
export type RecordedOutcome = CallOutcome;

/**
 * A tool's result read for people: output as text, the exit code, an error or a refusal in words.
 * `recorded` is the call's outcome (live, or stored since v7): its refusal and exit code are taken
 * as they are. Only without it (a call stored before outcomes were) are they read from the text.
 */
export function resultDetails(result: string, recorded?: RecordedOutcome): ToolCallDetails {
  const json = parseObject(result);
  if (recorded) {
    if (recorded.refusal) return { refusal: refusalOf(recorded.refusal) };
    const details = json ? textDetails(json) : outputOnly(result);
    if (recorded.fileDiff) details.fileDiff = recorded.fileDiff;
    return recorded.exitCode != null ? { ...details, exitCode: recorded.exitCode } : details;
  }
  if (!json) return outputOnly(result);
  const approval = json.approval;
  if (approval === 'blocked' || approval === 'denied') return { refusal: refusalOf(factsIn(approval, json)) };
  const details = textDetails(json);
  if (typeof json.exit_code === 'number' || json.exit_code === null)
    details.exitCode = json.exit_code as number | null;
  return details;
}

const outputOnly = (result: string): ToolCallDetails => (result.trim() === '' ? {} : { outputText: result });

/** Output and error, which only the text holds. */
function textDetails(json: Json): ToolCallDetails {
  const details: ToolCallDetails = {};
  const output = str(json.output) ?? str(json.content) ?? str(json.stdout);
  if (output !== undefined) details.outputText = output;
  const error = str(json.error);
  if (error) details.errorText = error;
  return details;
}

/** The refusal facts a stored result's JSON carries (the gate's fields), for calls stored before v7. */
function factsIn(kind: ApprovalRefusal, json: Json): RefusalFacts {
  const rule = str(json.rule);
  const reasons = Array.isArray(json.reasons) ? json.reasons.filter((r) => typeof r === 'string') : [];
  const note = str(json.note);
  const decidedBy = str(json.decided_by);
  return {
    kind,
    ...(decidedBy ? { decidedBy } : {}),
    ...(rule ? { rule } : {}),
    ...(reasons.length ? { reasons } : {}),
    ...(note ? { note } : {}),
  };
}

const ADVICE_NO_RETRY = 'The agent was told not to retry it. Tell it in the chat what to do instead.';

function refusalOf(facts: RefusalFacts): ToolRefusal {
  const { kind, decidedBy, rule, reasons = [], note } = facts;
  const because = reasons.length > 0 ? `${reasons.join('; ')}.` : '';
  const base = {
    kind,
    ...(decidedBy ? { decidedBy } : {}),
    ...(rule ? { rule } : {}),
    ...(note ? { note } : {}),
  };
  switch (facts.decidedBy) {
    case 'hardline':
      return {
        ...base,
        title: 'Refused permanently: this command can never run here',
        reason:
          `It matches a built-in safety rule that no setting, mode or approval can override. ${because}`.trim(),
        advice:
          'There is nothing to approve. If you meant something narrower, ask the agent for a safer command.',
      };
    case 'deny-rule':
      return {
        ...base,
        title: 'Blocked by your deny rule',
        reason: `It matches a deny rule in config.yaml${rule ? ` (“${rule}”)` : ''}.`,
        advice: 'Change or remove that rule in config.yaml if such commands should run.',
      };
    case 'timeout':
      return {
        ...base,
        title: 'Denied: nobody answered in time',
        reason: because || 'The approval prompt timed out, which counts as a no.',
        advice: 'Ask the agent to try again when you are there to answer.',
      };
    case 'unattended':
      return {
        ...base,
        title: 'Denied: nobody could be asked',
        reason: because || 'The command needed approval and this run asks no one (--approvals deny).',
        advice: 'Run it where you can answer the approval, or allow it in Settings.',
      };
    case 'smart':
      return {
        ...base,
        title: 'Denied by the approval reviewer',
        reason: because || 'The reviewing model judged the command unsafe.',
        advice: ADVICE_NO_RETRY,
      };
    default:
      return {
        ...base,
        title: kind === 'blocked' ? 'Blocked by the approval gate' : 'Denied by you',
        reason: because || 'The command needed approval and did not get it.',
        advice: ADVICE_NO_RETRY,
      };
  }
}
