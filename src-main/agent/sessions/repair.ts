import type { ChatMessage } from '../../../src-shared/sessions';

export const INTERRUPTED_RESULT = JSON.stringify({
  error: 'Interrupted: this tool call did not finish (the turn was cancelled or the app stopped).',
});

/**
 * Makes a stored transcript valid for the chat API: every tool call of an assistant message is
 * answered by a tool message before the next turn. A crash mid-batch leaves calls unanswered;
 * they get the result recorded in the tool-call table when the call had finished, else an
 * "interrupted" result. Tool messages that answer nothing are dropped.
 */
export function repairTranscript(
  messages: ChatMessage[],
  finished: ReadonlyMap<string, string> = new Map(),
): ChatMessage[] {
  const out: ChatMessage[] = [];
  let open: string[] = [];
  const closeOpen = () => {
    for (const id of open) {
      out.push({ role: 'tool', tool_call_id: id, content: finished.get(id) ?? INTERRUPTED_RESULT });
    }
    open = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      const index = message.tool_call_id === undefined ? -1 : open.indexOf(message.tool_call_id);
      if (index < 0) continue;
      open.splice(index, 1);
      out.push(message);
      continue;
    }
    closeOpen();
    out.push(message);
    if (message.role === 'assistant') open = (message.tool_calls ?? []).map((c) => c.id);
  }
  closeOpen();
  return out;
}
