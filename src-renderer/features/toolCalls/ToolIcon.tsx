import { Icon, isIconName, type IconName } from '../../ui/Icon';

/** The line icon the tool's registration names (emoji fonts are not everywhere); else a wrench. */
export function toolIconName(icon: string | undefined): IconName {
  return icon !== undefined && isIconName(icon) ? icon : 'wrench';
}

/** The tool's icon, or while it runs a spinner in its place (never both on top of each other). */
export function ToolIcon({ icon, running }: { icon: string | undefined; running: boolean }) {
  return (
    <span className="tool-emoji" data-testid="tool-emoji" data-icon={toolIconName(icon)} aria-hidden="true">
      {running ? <span className="spinner tool-spinner" /> : <Icon name={toolIconName(icon)} />}
    </span>
  );
}
