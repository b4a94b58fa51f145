import { Icon, type IconName } from '../../ui/Icon';

/** Tool names (or their prefixes) and the line icon each gets; emoji fonts are not everywhere. */
const BY_PREFIX: [string, IconName][] = [
  ['terminal', 'terminal'],
  ['process', 'gear'],
  ['execute_code', 'code'],
  ['read_file', 'file'],
  ['write_file', 'file'],
  ['patch', 'file'],
  ['search_files', 'search'],
  ['file', 'file'],
  ['web', 'globe'],
  ['browser', 'globe'],
  ['session_search', 'search'],
  ['memory', 'brain'],
  ['todo', 'list'],
  ['delegate_task', 'people'],
  ['mixture_of_agents', 'people'],
  ['clarify', 'question'],
  ['image', 'image'],
  ['vision', 'image'],
  ['ha_', 'home'],
  ['skill', 'list'],
];

export function toolIconName(tool: string): IconName {
  return BY_PREFIX.find(([prefix]) => tool.startsWith(prefix))?.[1] ?? 'wrench';
}

/** The tool's icon, or while it runs a spinner in its place (never both on top of each other). */
export function ToolIcon({ tool, running }: { tool: string; running: boolean }) {
  return (
    <span className="tool-emoji" data-testid="tool-emoji" data-icon={toolIconName(tool)} aria-hidden="true">
      {running ? <span className="spinner tool-spinner" /> : <Icon name={toolIconName(tool)} />}
    </span>
  );
}
