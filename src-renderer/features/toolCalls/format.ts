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
};
