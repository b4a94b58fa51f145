import { toolError } from '../../runtime/errors';
import type { ToolContext } from '../../runtime/types';
import type { MemoryWriteGate } from '../memoryApproval';
import type { MemoryStore } from '../memoryStore';
import type { MemoryArgs } from '../../tools/agentLoopArgs';

/**
 * Persistent notes: add, replace or remove an entry. Changes show in the next session's prompt,
 * so a write that changes something passes `approve` first (the app always gives one).
 */
export function memoryTool(memory: () => MemoryStore, approve?: MemoryWriteGate) {
  return async (args: MemoryArgs, call: ToolContext) => {
    const { action, content = '', old_text: oldText = '' } = args;
    const store = memory();
    const plan = store.plan(action, content, oldText);
    if (!plan.ok) return toolError(`memory ${action}: ${plan.error}`);
    if (!plan.unchanged) {
      const refusal = await approve?.(plan, call);
      if (refusal) return refusal;
    }
    // Planned again from the file as it is now: another process may have written meanwhile.
    const result =
      action === 'add'
        ? store.add(content)
        : action === 'replace'
          ? store.replace(oldText, content)
          : store.remove(oldText);
    if (!result.ok) return toolError(`memory ${action}: ${result.error}`);
    return { success: true, entries: result.entries, usage: result.usage };
  };
}
