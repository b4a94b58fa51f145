import type { MemoryEntry } from '../../../src-shared/ipc/schemas';
import { useKeptQuery } from '../../state/query';
import { memoryQuery, useMemoryEntries } from './memoryEntriesStore';
import { useSettings } from './settingsStore';
import { Field } from './CommitInput';
import './MemorySection.css';
import type { SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { useSessions } from '../sessions/sessionsStore';
import { sessionTitle } from '../sessions/sessionTitle';

function written(entry: MemoryEntry, sessions: readonly SessionSummary[]): string {
  if (entry.writtenAt === null) return 'Not written by the agent in a recorded session';
  const session = entry.sessionId ? ` · ${sessionTitle(sessions, entry.sessionId)}` : '';
  return `Written ${new Date(entry.writtenAt).toLocaleString()}${session}`;
}

/** What every new session is told from memory, and whether the agent asks before writing it. */
export function MemorySection() {
  const approval = useSettings((s) => s.settings?.memory.write_approval);
  const update = useSettings((s) => s.update);
  const entries = useMemoryEntries((s) => s.entries);
  const sessions = useSessions((s) => s.sessions);
  const remove = useMemoryEntries((s) => s.remove);
  useKeptQuery(memoryQuery);

  return (
    <section
      className="settings-section"
      id="settings-memory"
      data-testid="settings-memory"
      aria-labelledby="settings-memory-h"
    >
      <h3 id="settings-memory-h">Memory</h3>
      <p className="muted settings-intro">
        Notes the agent keeps across sessions; every new session starts with them. Each write is in the
        approvals log.
      </p>
      {approval && (
        <Field label="Writes" hint="Ask before each memory write, or allow them and record each one.">
          <select
            aria-label="Memory writes"
            data-testid="settings-memory-approval"
            value={approval}
            onChange={(e) => void update({ memory: { write_approval: e.target.value as typeof approval } })}
          >
            <option value="allow">Allow and record</option>
            <option value="ask">Ask each time</option>
          </select>
        </Field>
      )}
      <ul className="settings-list" aria-label="Memory entries" data-testid="memory-list">
        {entries.map((entry) => (
          <li key={entry.text} className="allowlist-entry" data-testid="memory-entry">
            <div className="memory-entry-text">
              <div>{entry.text}</div>
              <div className="muted">{written(entry, sessions)}</div>
            </div>
            <button
              type="button"
              className="danger"
              data-testid="memory-remove"
              aria-label={`Remove the memory entry: ${entry.text.slice(0, 80)}`}
              onClick={() => void remove(entry.text)}
            >
              Remove
            </button>
          </li>
        ))}
        {entries.length === 0 && <li className="muted">The memory is empty.</li>}
      </ul>
    </section>
  );
}
