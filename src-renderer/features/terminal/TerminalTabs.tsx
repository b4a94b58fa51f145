import type { TerminalTab } from '../../stores/terminalTabs';
import { Icon } from '../../ui/Icon';
import { IconButton } from '../../ui/IconButton';

interface TerminalTabsProps {
  tabs: TerminalTab[];
  activeKey: string | undefined;
  onSelect(key: string): void;
  onClose(key: string): void;
}

export function TerminalTabs({ tabs, activeKey, onSelect, onClose }: TerminalTabsProps) {
  return (
    <div className="terminal-tabs" role="tablist" aria-label="Terminals">
      {tabs.map((tab) => {
        const selected = tab.key === activeKey;
        const running = tab.liveStreamIds.length > 0 && !tab.exited;
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
              <Icon name={tab.kind === 'shell' ? 'terminal' : 'agent'} /> {tab.title}
              {running && <span className="terminal-live" aria-label="running" />}
            </button>
            <IconButton
              icon="close"
              label={`Close ${tab.title}`}
              data-testid="terminal-tab-close"
              onClick={() => onClose(tab.key)}
            />
          </div>
        );
      })}
    </div>
  );
}
