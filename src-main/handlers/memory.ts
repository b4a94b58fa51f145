/** Settings' memory list: the entries, each with the ledger's newest allowed write of it. */
import type { MemoryEntry } from '../../src-shared/ipc/schemas';
import { writtenEntry } from '../agent/memoryApproval';
import type { AppRoot } from '../appRoot';
import { ContractError } from '../contract/router';

/** Enough rows to find the write of every entry a memory of a few thousand characters holds. */
const LEDGER_ROWS = 1000;

export function memoryView(root: AppRoot): MemoryEntry[] {
  const rows = root.agent.sessions.ledger.list({ subjectKind: 'memory', allowed: true, limit: LEDGER_ROWS });
  const newest = new Map<string, { at: number; sessionId: string }>();
  for (const row of rows) {
    const entry = writtenEntry(row.subject);
    if (entry !== undefined && !newest.has(entry)) newest.set(entry, row);
  }
  return root.agent.memory.entries().map((text) => {
    const write = newest.get(text);
    return { text, writtenAt: write?.at ?? null, sessionId: write?.sessionId ?? null };
  });
}

export function removeMemoryEntry(root: AppRoot, text: string): MemoryEntry[] {
  const result = root.agent.memory.removeEntry(text);
  if (!result.ok) throw new ContractError('not_found', result.error);
  return memoryView(root);
}
