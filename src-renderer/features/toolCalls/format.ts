import type { ToolCallStatus } from '../../../src-shared/toolCalls';
import type { IconName } from '../../ui/Icon';

/** The line icon beside each finished state's label (running shows a spinner instead). */
export const STATUS_ICONS: Record<ToolCallStatus, IconName | undefined> = {
  running: undefined,
  ok: 'check',
  error: 'cross',
  blocked: 'ban',
  denied: 'hand',
  stopped: 'stop',
  interrupted: 'stop',
};

/**
 * A path preview split before its last segment, so a narrow card cuts the folders and keeps the
 * file name in view. Anything else (a command, a query) stays whole: `tail` is empty.
 */
export function previewParts(preview: string): { head: string; tail: string } {
  const cut = preview.lastIndexOf('/');
  if (/\s/.test(preview) || cut <= 0 || cut === preview.length - 1) return { head: preview, tail: '' };
  return { head: preview.slice(0, cut + 1), tail: preview.slice(cut + 1) };
}
