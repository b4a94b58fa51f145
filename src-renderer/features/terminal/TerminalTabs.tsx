import { useEffect, useRef } from 'react';
import type { SessionSummary } from '../../../src-shared/ipc/chatSchemas';
import { useSessions } from '../sessions/sessionsStore';
import { sessionTitle } from '../sessions/sessionTitle';
import type { TerminalTab } from './terminalTabs';
import { Icon } from '../../ui/Icon';
import { IconButton } from '../../ui/IconButton';

interface TerminalTabsProps {
  tabs: TerminalTab[];
  activeKey: string | undefined;
  onSelect(key: string): void;
  onClose(key: string): void;
}

/** An agent tab is named after its session (a task id is a session id) once it has a title. */
export function tabLabel(tab: TerminalTab, sessions: SessionSummary[]): string {
  if (tab.kind !== 'agent' || tab.taskId === undefined) return tab.title;
  return tab.taskId === 'default' ? tab.title : sessionTitle(sessions, tab.taskId);
}

export function TerminalTabs({ tabs, activeKey, onSelect, onClose }: TerminalTabsProps) {
  const sessions = useSessions((s) => s.sessions);
  const list = useRef<HTMLDivElement>(null);
  // The tab in front is never left cut off at the edge of a narrow strip (after a reload, say).
  useEffect(() => {
    list.current
      ?.querySelector('[aria-selected="true"]')
      ?.closest('.terminal-tab')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeKey, tabs.length]);
  return (
    <div ref={list} className="terminal-tabs" role="tablist" aria-label="Terminals">
      {tabs.map((tab) => {
        const selected = tab.key === activeKey;
        const running = tab.liveStreamIds.length > 0 && !tab.exited;
        const label = tabLabel(tab, sessions);
        return (
          <div key={tab.key} className={`terminal-tab${selected ? ' selected' : ''}`}>
            <button
              type="button"
              role="tab"
              aria-selected={selected}
              data-testid="terminal-tab"
              data-task={tab.taskId ?? ''}
              data-kind={tab.kind}
              data-exited={tab.exited ? 'true' : undefined}
              title={tab.taskId ? `Environment ${tab.taskId}` : tab.title}
              onClick={() => onSelect(tab.key)}
            >
              <Icon name={tab.kind === 'shell' ? 'terminal' : 'agent'} />
              <span className="terminal-tab-title">{label}</span>
              {running && <span className="terminal-live" aria-label="running" />}
            </button>
            <IconButton
              icon="close"
              label={`Close ${label}`}
              data-testid="terminal-tab-close"
              onClick={() => onClose(tab.key)}
            />
          </div>
        );
      })}
    </div>
  );
}
