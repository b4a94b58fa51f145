import { toolError } from '../../runtime/errors';
import type { MemoryStore } from '../memoryStore';
import type { ToolHandler } from '../../runtime/types';

/** Persistent notes: add, replace or remove an entry. Changes show in the next session's prompt. */
export function memoryTool(memory: () => MemoryStore): ToolHandler {
  return (args) => {
    const content = typeof args.content === 'string' ? args.content : '';
    const oldText = typeof args.old_text === 'string' ? args.old_text : '';
    const store = memory();
    const result =
      args.action === 'add'
        ? store.add(content)
        : args.action === 'replace'
          ? store.replace(oldText, content)
          : store.remove(oldText);
    if (!result.ok) return toolError(`memory ${String(args.action)}: ${result.error}`);
    return { success: true, entries: result.entries, usage: result.usage };
  };
}
