import { toolError } from '../../runtime/errors';
import type { MemoryStore } from '../memoryStore';
import type { MemoryArgs } from '../../tools/agentLoopArgs';

/** Persistent notes: add, replace or remove an entry. Changes show in the next session's prompt. */
export function memoryTool(memory: () => MemoryStore) {
  return (args: MemoryArgs) => {
    const { action, content = '', old_text: oldText = '' } = args;
    const store = memory();
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
