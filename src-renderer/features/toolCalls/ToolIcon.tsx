import { isIconName, maskIconClass, type IconName } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';

/** The line icon the tool's registration names (emoji fonts are not everywhere); else a wrench. */
export function toolIconName(icon: string | undefined): IconName {
  return icon !== undefined && isIconName(icon) ? icon : 'wrench';
}

/**
 * The tool's icon, or while it runs a spinner in its place (never both on top of each other).
 * The icon is the span's own mask, so a card header mounts no SVG tree.
 */
export function ToolIcon({ icon, running }: { icon: string | undefined; running: boolean }) {
  const name = toolIconName(icon);
  return (
    <span
      className={running ? 'tool-emoji' : `tool-emoji tool-emoji-icon ${maskIconClass(name)}`}
      data-testid="tool-emoji"
      data-icon={name}
      aria-hidden="true"
    >
      {running && <Spinner className="tool-spinner" />}
    </span>
  );
}
